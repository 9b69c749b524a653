import type { CSSProperties } from 'react';
import classes from './drawing.module.css';

/**
 * The drawing's box: the drawing's own proportions (capped at most of the window's height), or with `fit` all of
 * its pane's height (beside the list, full screen). Either way the drawing inside fits the box without cropping.
 */
export function drawingFrameProps(size: { width: number; height: number }, fit: boolean | undefined) {
  return {
    className: classes.frame,
    'data-fit': fit || undefined,
    style: {
      '--drawing-ratio': size.width / size.height,
      ...(fit ? {} : { aspectRatio: `${size.width} / ${size.height}` }),
    } as CSSProperties,
  };
}

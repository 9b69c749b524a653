import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPhoto } from '@tabler/icons-react';
import { EmptyState } from '#app/components/layout/empty-state.tsx';
import { drawingFrameProps } from './drawing-frame.ts';
import { DrawingToolbar } from './drawing-toolbar.tsx';
import type { DrawingViewerProps } from './drawing-viewer.tsx';
import classes from './drawing.module.css';

/** The zoom code; the card's loader starts it with the card's data, so neither waits for the other. */
export const loadDrawingViewer = () => import('./drawing-viewer.tsx');
const DrawingViewer = lazy(loadDrawingViewer);

/** Drawings without their own size are shown like the paper sheets (4:3). */
const SHEET = { width: 1200, height: 900 };

type CardDrawingProps = Omit<DrawingViewerProps, 'src' | 'width' | 'height'> & {
  src: string | null;
  width: number | null;
  height: number | null;
};

/**
 * The card's drawing in a box reserved before the image or the zoom code arrive. Until the zoom code loads the
 * plain drawing is shown, so the picture does not wait for it.
 */
export function CardDrawing({ src, width, height, ...viewer }: CardDrawingProps) {
  const { t } = useTranslation('catalog');
  const size = width && height ? { width, height } : SHEET;
  if (!src)
    return (
      <div className={classes.frame} data-empty>
        <EmptyState size="sm" icon={IconPhoto} title={t('card.no-drawing')} />
      </div>
    );
  return (
    <Suspense
      fallback={
        <>
          <div {...drawingFrameProps(size, viewer.fit)}>
            <div className={classes.canvas} style={{ aspectRatio: `${size.width} / ${size.height}` }}>
              <img
                src={src}
                alt={viewer.alt}
                width={size.width}
                height={size.height}
                className={classes.image}
                // The drawing is the card page's main picture (its largest paint).
                fetchPriority="high"
              />
            </div>
          </div>
          <DrawingToolbar />
        </>
      }
    >
      <DrawingViewer src={src} {...size} {...viewer} />
    </Suspense>
  );
}

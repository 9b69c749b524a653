import { ActionIcon, Group } from '@mantine/core';
import { IconMaximize, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TransformComponent, TransformWrapper, useControls } from 'react-zoom-pan-pinch';
import { drawingFrameProps } from './drawing-frame.ts';
import type { DrawingHotspot } from './drawing-hotspots.ts';
import { DrawingToolbar } from './drawing-toolbar.tsx';
import classes from './drawing.module.css';

export interface DrawingViewerProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  hotspots: readonly DrawingHotspot[];
  /** The position number highlighted from the list (or by hovering a circle). */
  active: string | null;
  /** The selected position number (in the address): its circle is pressed, whatever the pointer rests on. */
  selected: string | null;
  onHover: (positionNumber: string | null) => void;
  onSelect: (positionNumber: string) => void;
  /** Fill the pane's height (beside the list, full screen) instead of the drawing's own proportions. */
  fit?: boolean;
  /** Shows the full-screen button. */
  onFullScreen?: () => void;
}

/** Never starts a pan on a circle, so a tap on it stays a tap. */
const HOTSPOT_CLASS = 'catalog-hotspot';

/**
 * The exploded drawing with its numbered circles as buttons, zoomed and panned by react-zoom-pan-pinch (mouse
 * wheel, pinch, drag; +/−/reset buttons for keyboards). Loaded on demand: the catalogue's other pages do not need it.
 */
export default function DrawingViewer({
  src,
  alt,
  width,
  height,
  hotspots,
  active,
  selected,
  onHover,
  onSelect,
  fit,
  onFullScreen,
}: DrawingViewerProps) {
  const { t } = useTranslation('catalog');
  return (
    <TransformWrapper
      minScale={1}
      maxScale={8}
      centerZoomedOut
      panning={{ excluded: [HOTSPOT_CLASS] }}
      doubleClick={{ excluded: [HOTSPOT_CLASS] }}
    >
      <div {...drawingFrameProps({ width, height }, fit)}>
        <TransformComponent wrapperStyle={{ width: '100%', height: '100%' }} contentClass={classes.content}>
          <div className={classes.canvas} style={{ aspectRatio: `${width} / ${height}` }}>
            <img
              src={src}
              alt={alt}
              width={width}
              height={height}
              className={classes.image}
              // The drawing is the card page's main picture (its largest paint).
              fetchPriority="high"
              draggable={false}
            />
            {hotspots.map((spot) => (
              <button
                key={spot.key}
                type="button"
                className={`${classes.hotspot} ${HOTSPOT_CLASS}`}
                style={{
                  left: `${(spot.x / width) * 100}%`,
                  top: `${(spot.y / height) * 100}%`,
                  width: `${((2 * spot.r) / width) * 100}%`,
                }}
                data-active={active === spot.positionNumber || undefined}
                data-selected={selected === spot.positionNumber || undefined}
                aria-pressed={selected === spot.positionNumber}
                aria-label={t('card.hotspot', { position: spot.positionNumber, name: spot.label })}
                onMouseEnter={() => onHover(spot.positionNumber)}
                onMouseLeave={() => onHover(null)}
                onFocus={() => onHover(spot.positionNumber)}
                onBlur={() => onHover(null)}
                onClick={() => onSelect(spot.positionNumber)}
              />
            ))}
          </div>
        </TransformComponent>
      </div>
      <DrawingToolbar>
        <ZoomControls onFullScreen={onFullScreen} />
      </DrawingToolbar>
    </TransformWrapper>
  );
}

function ZoomControls({ onFullScreen }: { onFullScreen: (() => void) | undefined }) {
  const { t } = useTranslation('catalog');
  const { zoomIn, zoomOut, resetTransform } = useControls();
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon variant="default" size={36} aria-label={t('card.zoom-in')} onClick={() => zoomIn()}>
        <IconZoomIn size={20} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="default" size={36} aria-label={t('card.zoom-out')} onClick={() => zoomOut()}>
        <IconZoomOut size={20} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size={36}
        aria-label={t('card.zoom-reset')}
        onClick={() => resetTransform()}
      >
        <IconZoomReset size={20} aria-hidden />
      </ActionIcon>
      {onFullScreen ? (
        <ActionIcon variant="default" size={36} aria-label={t('card.full-screen')} onClick={onFullScreen}>
          <IconMaximize size={20} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

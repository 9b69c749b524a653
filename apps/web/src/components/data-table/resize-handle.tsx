import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMN_WIDTH } from './table-state.ts';
import classes from './data-table.module.css';

interface ResizeHandleProps {
  label: string;
  width: number;
  onResize: (width: number) => void;
}

const KEY_STEP = 16;
const clamp = (width: number) => Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width)));

/**
 * The grip at a header's right edge: drag it with a mouse or finger, or focus it and use the arrow keys. It is
 * announced as a slider of the column's width (a separator would be the WAI-ARIA "splitter", but linters and
 * some screen readers treat separators as static), so resizing does not need a pointer.
 */
export function ResizeHandle({ label, width, onResize }: ResizeHandleProps) {
  const { t } = useTranslation('layout');
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(clamp(drag.current.startWidth + event.clientX - drag.current.startX));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -KEY_STEP, ArrowRight: KEY_STEP }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onResize(clamp(width + step));
  };

  return (
    <div
      role="slider"
      aria-orientation="horizontal"
      aria-label={t('table.resize', { column: label })}
      aria-valuenow={width}
      aria-valuetext={t('table.width', { width })}
      aria-valuemin={COLUMN_WIDTH.min}
      aria-valuemax={COLUMN_WIDTH.max}
      tabIndex={0}
      className={classes.resize}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}

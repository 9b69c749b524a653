/** SPEC §9: the header's height; it stays on top of the page. */
const PAGE_HEADER_HEIGHT = 60;
const GAP = 16;

/** The position's row on screen (the table from tablets up, the card on phones). */
function visibleRow(positionNumber: string): HTMLElement | undefined {
  const rows = document.querySelectorAll<HTMLElement>(`[data-position="${CSS.escape(positionNumber)}"]`);
  return [...rows].find((row) => row.getClientRects().length > 0);
}

/**
 * How a row comes into view: `arrival` (the address's `?pos=`, e.g. a where-used link) brings the row to the
 * middle of the part of the list on screen, moving the page (the split under its header) only when the list
 * cannot show it there; `pick` (a click or tap) centres the row; `hover` only nudges the list's own pane as far as
 * the row needs and never moves the page, so the drawing never slides from under the pointer.
 */
export type RevealReason = 'arrival' | 'pick' | 'hover';

/**
 * Brings a position's row wholly into view. Beside the drawing the list scrolls in its own pane: the part of
 * it on screen is below its sticky header row and the page header, above the window's bottom.
 */
export function revealRow(positionNumber: string, reason: RevealReason): void {
  const row = visibleRow(positionNumber);
  if (!row) return;
  const behavior =
    reason === 'arrival' || window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  const pane = row.closest<HTMLElement>('[data-parts-pane]');
  if (!pane || pane.scrollHeight <= pane.clientHeight + 1) {
    if (reason !== 'hover') row.scrollIntoView({ block: 'center', behavior });
    return;
  }
  const head = pane.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  /** The part of the list's pane on screen: below its sticky header row and the page header, above the fold. */
  const shown = () => {
    const box = pane.getBoundingClientRect();
    return {
      top: Math.max(box.top + head, PAGE_HEADER_HEIGHT),
      bottom: Math.min(box.bottom, window.innerHeight),
    };
  };
  const wholly = () => {
    const box = row.getBoundingClientRect();
    const { top, bottom } = shown();
    return box.top >= top && box.bottom <= bottom;
  };
  const centre = () => {
    const box = row.getBoundingClientRect();
    const { top, bottom } = shown();
    pane.scrollBy({ top: box.top + box.height / 2 - (top + bottom) / 2, behavior });
  };
  if (reason === 'arrival') {
    // Arrival scrolls at once. The page moves only when the list cannot show the row where it is: the card's
    // title, trail and search stay in sight otherwise. Whole pixels, so the split's bottom is not a fraction
    // of a pixel below the window.
    centre();
    const split = row.closest<HTMLElement>('[data-card-split]');
    if (wholly() || !split) return;
    window.scrollBy({ top: Math.ceil(split.getBoundingClientRect().top - PAGE_HEADER_HEIGHT - GAP) });
    centre();
  } else if (reason === 'pick') {
    if (!wholly()) centre();
  } else {
    const box = row.getBoundingClientRect();
    const { top, bottom } = shown();
    if (box.top < top) pane.scrollBy({ top: box.top - top, behavior });
    else if (box.bottom > bottom) pane.scrollBy({ top: box.bottom - bottom, behavior });
  }
}

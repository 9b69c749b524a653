/** SPEC §9: the header's height; it stays on top of the page. */
const PAGE_HEADER_HEIGHT = 60;
const GAP = 16;

/** The position's row on screen (the table from tablets up, the card on phones). */
function visibleRow(positionNumber: string): HTMLElement | undefined {
  const rows = document.querySelectorAll<HTMLElement>(`[data-position="${CSS.escape(positionNumber)}"]`);
  return [...rows].find((row) => row.getClientRects().length > 0);
}

/**
 * How a row comes into view: `arrival` (the address's `?pos=`, e.g. a where-used link) brings the whole split
 * under the page header and the row to the middle of the list; `pick` (a click or tap) centres the row; `hover`
 * only nudges the list's own pane as far as the row needs and never moves the page, so the drawing never slides
 * from under the pointer.
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
  const split = row.closest<HTMLElement>('[data-card-split]');
  if (reason === 'arrival' && split) {
    const box = split.getBoundingClientRect();
    if (box.top < PAGE_HEADER_HEIGHT || box.bottom > window.innerHeight)
      window.scrollBy({ top: box.top - PAGE_HEADER_HEIGHT - GAP, behavior });
  }
  const rowBox = row.getBoundingClientRect();
  const paneBox = pane.getBoundingClientRect();
  const head = pane.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const top = Math.max(paneBox.top + head, PAGE_HEADER_HEIGHT);
  const bottom = Math.min(paneBox.bottom, window.innerHeight);
  if (reason !== 'hover') {
    const fullyShown = rowBox.top >= top && rowBox.bottom <= bottom;
    if (reason === 'arrival' || !fullyShown)
      pane.scrollBy({ top: rowBox.top + rowBox.height / 2 - (top + bottom) / 2, behavior });
  } else if (rowBox.top < top) pane.scrollBy({ top: rowBox.top - top, behavior });
  else if (rowBox.bottom > bottom) pane.scrollBy({ top: rowBox.bottom - bottom, behavior });
}

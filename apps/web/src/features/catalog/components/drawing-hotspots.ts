import type { CardPosition, Hotspot } from '@care/contract/catalog';

export interface DrawingHotspot extends Hotspot {
  key: string;
  positionNumber: string;
  /** The names of the parts at this position, for the button's accessible name. */
  label: string;
}

/**
 * One button per circle on the drawing. Positions that share a number (the same balloon, e.g. two variants of
 * a part) share its circle, so a circle is drawn once for its position number.
 */
export function drawingHotspots(
  positions: readonly CardPosition[],
  nameOf: (position: CardPosition) => string,
): DrawingHotspot[] {
  const byKey = new Map<string, DrawingHotspot>();
  for (const position of positions) {
    for (const hotspot of position.hotspots) {
      const key = `${position.positionNumber}@${hotspot.x},${hotspot.y}`;
      const existing = byKey.get(key);
      if (existing) existing.label = `${existing.label}, ${nameOf(position)}`;
      else
        byKey.set(key, { ...hotspot, key, positionNumber: position.positionNumber, label: nameOf(position) });
    }
  }
  return [...byKey.values()];
}

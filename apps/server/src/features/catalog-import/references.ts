/**
 * Checks between records, against the file and the database together: unique external ids per kind, a
 * folder's parent, a card's folder and a position's part exist (in the file or already in the catalogue),
 * no folder is its own ancestor, hotspots lie on the drawing.
 */
import type { Problems, RecordRef } from './problems.ts';
import type { ImportRecords } from './records.ts';

export interface ExistingFolder {
  id: number;
  externalId: string;
  parentExternalId: string | null;
}

export interface ReferenceContext {
  /** Every folder of the catalogue, by external id. */
  folders: Map<string, ExistingFolder>;
  /** External ids of catalogue parts the positions name that are not in the file. */
  partsInCatalogue: Set<string>;
  /** The drawing size each card will have (a new drawing's, else the stored one's). */
  drawingSizeOf(cardExternalId: string): { width: number; height: number } | null;
}

function firstOfEach<T extends { externalId: string; ref: RecordRef }>(list: T[], problems: Problems): T[] {
  const seen = new Set<string>();
  return list.filter((record) => {
    if (!seen.has(record.externalId)) return seen.add(record.externalId);
    problems.add(record.ref, 'externalId', 'duplicate-external-id', record.externalId);
    return false;
  });
}

/** Drops later records that repeat an external id (they are reported). */
export function dropDuplicates(records: ImportRecords, problems: Problems): void {
  records.folders = firstOfEach(records.folders, problems);
  records.cards = firstOfEach(records.cards, problems);
  records.parts = firstOfEach(records.parts, problems);
}

export function checkReferences(records: ImportRecords, context: ReferenceContext, problems: Problems): void {
  const fileFolders = new Map(records.folders.map((folder) => [folder.externalId, folder]));
  const parentOf = (externalId: string) =>
    fileFolders.has(externalId)
      ? fileFolders.get(externalId)!.parentExternalId
      : (context.folders.get(externalId)?.parentExternalId ?? null);
  const folderKnown = (externalId: string) =>
    fileFolders.has(externalId) || context.folders.has(externalId) || records.refused.folders.has(externalId);

  for (const folder of records.folders) {
    const parent = folder.parentExternalId;
    if (parent === null) continue;
    if (!folderKnown(parent)) {
      problems.add(folder.ref, 'parentExternalId', 'unknown-parent-folder', parent);
      continue;
    }
    let step: string | null = parent;
    for (let depth = 0; step !== null && depth <= fileFolders.size + context.folders.size; depth++) {
      if (step === folder.externalId) {
        problems.add(folder.ref, 'parentExternalId', 'folder-cycle', parent);
        break;
      }
      step = parentOf(step);
    }
  }

  const fileParts = new Set(records.parts.map((part) => part.externalId));
  for (const card of records.cards) {
    if (!folderKnown(card.folderExternalId))
      problems.add(card.ref, 'folderExternalId', 'unknown-folder', card.folderExternalId);
    const size = context.drawingSizeOf(card.externalId);
    card.positions?.forEach((position, p) => {
      const field = `positions.${p + 1}`;
      const partKnown =
        fileParts.has(position.partExternalId) ||
        context.partsInCatalogue.has(position.partExternalId) ||
        records.refused.parts.has(position.partExternalId);
      if (!partKnown)
        problems.add(card.ref, `${field}.partExternalId`, 'unknown-part', position.partExternalId);
      if (!size) return;
      for (const hotspot of position.hotspots) {
        if (hotspot.x > size.width || hotspot.y > size.height)
          problems.add(
            card.ref,
            `${field}.hotspots`,
            'hotspot-outside-drawing',
            `${hotspot.x},${hotspot.y} > ${size.width}×${size.height}`,
          );
      }
    });
  }
}

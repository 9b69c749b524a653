/**
 * Reads and checks every file the records name (each path once), before the transaction: drawings must be
 * SVG with a size and are sanitised (what that removed is a warning of the card), images JPEG/PNG/WebP by
 * their bytes. A bad or missing file is a problem of the record that names it.
 */
import { type CheckedImage, checkImage, type ImportFiles } from './import-files.ts';
import type { Problems, RecordRef } from './problems.ts';
import type { ImportRecords } from './records.ts';
import { sanitizeDrawing } from './drawing-sanitizer.ts';
import type { DrawingCheck } from './svg-drawing.ts';

export interface Drawing {
  /** Sanitised (svg-drawing.ts). */
  svg: string;
  width: number;
  height: number;
}

export interface ResolvedFiles {
  /** By card external id; only cards whose drawing is given and good. */
  drawings: Map<string, Drawing>;
  /** By path as written in the file; only good images. */
  images: Map<string, CheckedImage>;
}

/** An image given as a web address is kept as it is, not read. */
export const isImageUrl = (path: string) => /^https:\/\//i.test(path);

export async function resolveFiles(
  records: ImportRecords,
  files: ImportFiles,
  problems: Problems,
  warnings: Problems,
): Promise<ResolvedFiles> {
  const resolved: ResolvedFiles = { drawings: new Map(), images: new Map() };
  const lookups = new Map<string, ReturnType<ImportFiles['read']>>();
  const read = (path: string) => {
    if (!lookups.has(path)) lookups.set(path, files.read(path));
    return lookups.get(path)!;
  };
  const checkedImages = new Map<string, Promise<CheckedImage | null>>();
  const checkedDrawings = new Map<string, DrawingCheck>();

  /** Each drawing file is sanitised once, however many cards show it. */
  async function drawingOf(path: string, content: Buffer): Promise<DrawingCheck> {
    const known = checkedDrawings.get(path);
    if (known) return known;
    const checked = await sanitizeDrawing(content);
    checkedDrawings.set(path, checked);
    return checked;
  }

  async function fileOf(ref: RecordRef, field: string, path: string): Promise<Buffer | null> {
    const lookup = await read(path);
    if ('found' in lookup) return lookup.found;
    problems.add(ref, field, 'ambiguous' in lookup ? 'file-ambiguous' : 'file-missing', path);
    return null;
  }

  async function image(ref: RecordRef, field: string, path: string) {
    if (isImageUrl(path)) return;
    const content = await fileOf(ref, field, path);
    if (!content) return;
    if (!checkedImages.has(path)) checkedImages.set(path, checkImage(content));
    const checked = await checkedImages.get(path)!;
    if (checked) resolved.images.set(path, checked);
    else problems.add(ref, field, 'file-type-not-allowed', path);
  }

  for (const folder of records.folders) if (folder.image) await image(folder.ref, 'image', folder.image);
  for (const part of records.parts)
    for (const [i, path] of part.images.entries()) await image(part.ref, `images.${i + 1}`, path);
  for (const card of records.cards) {
    if (!card.drawing) continue;
    const content = await fileOf(card.ref, 'drawing', card.drawing);
    if (!content) continue;
    const drawing = await drawingOf(card.drawing, content);
    if (!drawing.ok) {
      problems.add(card.ref, 'drawing', drawing.code, `${card.drawing}: ${drawing.detail}`);
      continue;
    }
    resolved.drawings.set(card.externalId, {
      svg: drawing.svg,
      width: drawing.width,
      height: drawing.height,
    });
    if (drawing.removed.length)
      warnings.add(card.ref, 'drawing', 'svg-cleaned', `${card.drawing}: ${drawing.removed.join(', ')}`);
  }
  return resolved;
}

/**
 * The type of an uploaded file, read from its first bytes (docs/decisions/015-file-type-detection.md).
 *
 *   SNIFF_BYTES: number
 *   detectFileType(head: Uint8Array): Promise<DetectedFileType | null>
 *   fileNameFor(name: string, type: DetectedFileType): string
 *
 * A name or a browser's Content-Type header says nothing about the content: an executable renamed photo.jpg is
 * still an executable. Only the types of the contract's allow-list pass (JPEG, PNG, WebP, HEIC/HEIF, PDF, MP4).
 */
import { UPLOAD_FILE_TYPES, type UploadContentType } from '@care/contract/files';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes detection needs (file-type's `reasonableDetectionSizeInBytes`, not in its typings). */
export const SNIFF_BYTES = 4100;

export interface DetectedFileType {
  contentType: UploadContentType;
  /** The type's usual extensions, the first one canonical, e.g. ['.jpg', '.jpeg']. */
  extensions: readonly string[];
}

const ALLOWED = new Map<string, DetectedFileType>(UPLOAD_FILE_TYPES.map((type) => [type.contentType, type]));

/** The allowed type the bytes begin with, or null for anything else (including an unknown type). */
export async function detectFileType(head: Uint8Array): Promise<DetectedFileType | null> {
  if (head.length === 0) return null;
  const detected = await fileTypeFromBuffer(head);
  return (detected && ALLOWED.get(detected.mime)) ?? null;
}

const MAX_NAME_LENGTH = 200;

/**
 * The name the file is kept and downloaded under: the last path segment of what the browser sent, without
 * control or bidi characters, NFC-normalised, at most 200 characters, and ending in an extension of its real type
 * (a PNG sent as "scan.jpg" becomes "scan.jpg.png"), so that the file opens with the right program.
 */
export function fileNameFor(name: string, type: DetectedFileType): string {
  const base =
    name
      .normalize('NFC')
      .split(/[/\\]/)
      .pop()!
      // Control and bidirectional-override characters (which can make "exe.jpg" look like "gpj.exe") go.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim() || 'file';
  const matched = type.extensions.find((extension) => base.toLowerCase().endsWith(extension));
  const extension = matched ? base.slice(base.length - matched.length) : type.extensions[0]!;
  const stem = matched ? base.slice(0, -matched.length) : base;
  // Counted in code points, so a cut never splits a character.
  const kept = Array.from(stem)
    .slice(0, MAX_NAME_LENGTH - extension.length)
    .join('');
  return (kept || 'file') + extension;
}

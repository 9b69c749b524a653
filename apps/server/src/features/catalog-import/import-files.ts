/**
 * The images and drawings a catalogue file names. The command line reads them relative to the JSON file;
 * the admin screen uploads them beside it, matched by file name (the last path segment).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { detectFileType, SNIFF_BYTES } from '#app/files/file-types.ts';

export type FileLookup = { found: Buffer } | { missing: true } | { ambiguous: true };

export interface ImportFiles {
  read(path: string): Promise<FileLookup>;
}

/** Files under `directory` (the JSON file's folder); nothing outside it is read. */
export function filesInDirectory(directory: string): ImportFiles {
  return {
    async read(path) {
      const full = resolve(directory, path);
      const inside = relative(directory, full);
      if (!inside || inside.startsWith('..') || isAbsolute(inside)) return { missing: true };
      try {
        return { found: await readFile(full) };
      } catch {
        return { missing: true };
      }
    },
  };
}

/** Uploaded files by name; two uploads with the same name make that name ambiguous. */
export function filesByName(uploads: readonly { name: string; content: Buffer }[]): ImportFiles {
  const byName = new Map<string, Buffer | null>();
  for (const upload of uploads) {
    const name = basename(upload.name.replace(/\\/g, '/'));
    byName.set(name, byName.has(name) ? null : upload.content);
  }
  return {
    async read(path) {
      const content = byName.get(basename(path.replace(/\\/g, '/')));
      if (content === undefined) return { missing: true };
      return content === null ? { ambiguous: true } : { found: content };
    },
  };
}

export const CATALOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface CheckedImage {
  content: Buffer;
  contentType: (typeof CATALOG_IMAGE_TYPES)[number];
  extension: string;
  sha256: string;
}

/** A catalogue image by its magic bytes (JPEG, PNG, WebP), or null for anything else. */
export async function checkImage(content: Buffer): Promise<CheckedImage | null> {
  const type = await detectFileType(content.subarray(0, SNIFF_BYTES));
  if (!type || !(CATALOG_IMAGE_TYPES as readonly string[]).includes(type.contentType)) return null;
  return {
    content,
    contentType: type.contentType as CheckedImage['contentType'],
    extension: type.extensions[0]!,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}

/**
 * sharp (libvips, about 23 MB resident) and pdfkit (about 20 MB) are loaded by the first picture or job sheet an
 * instance makes, not at start-up: most requests never need them, and each instance's memory counts
 * (docs/operations.md "Memory"). A failed load is not kept, so the next request tries again.
 */
import type pdfkitModule from 'pdfkit';
import type sharpModule from 'sharp';

let sharp: Promise<typeof sharpModule> | undefined;
let pdfkit: Promise<typeof pdfkitModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  sharp ??= import('sharp').then(
    ({ default: loaded }) => {
      // libvips' operation cache would keep decoded images in memory that this small process needs for requests.
      loaded.cache(false);
      return loaded;
    },
    (error: unknown) => {
      sharp = undefined;
      throw error;
    },
  );
  return sharp;
}

export function loadPdfkit(): Promise<typeof pdfkitModule> {
  pdfkit ??= import('pdfkit').then(
    ({ default: loaded }) => loaded,
    (error: unknown) => {
      pdfkit = undefined;
      throw error;
    },
  );
  return pdfkit;
}

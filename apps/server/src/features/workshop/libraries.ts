/**
 * sharp (libvips, about 23 MB resident) and pdfkit (about 20 MB) are loaded by the first picture or job sheet an
 * instance makes, not at start-up: most requests never need them, and each instance's memory counts
 * (docs/operations.md "Memory").
 */

/** `load` run by the first call and shared by the ones meanwhile; a failed load is not kept, the next call retries. */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export const loadSharp = loadedOnce(async () => {
  const { default: sharp } = await import('sharp');
  // libvips' operation cache would keep decoded images in memory that this small process needs for requests.
  sharp.cache(false);
  return sharp;
});

export const loadPdfkit = loadedOnce(async () => (await import('pdfkit')).default);

import { resolve } from 'node:path';

/** The documented example (docs/examples/catalog): the tests import exactly what docs/catalog-import.md shows. */
export const EXAMPLE_DIR = resolve(import.meta.dirname, '../../../../../docs/examples/catalog');

/**
 * The import's outcome as plain English lines, for the command line (the admin screen translates the codes
 * itself, admin:catalog-import.problem.*).
 */
import type {
  CatalogImportProblem,
  CatalogImportProblemCode,
  CatalogImportSummary,
} from '@care/contract/catalog-import';

const MESSAGES: Record<CatalogImportProblemCode, string> = {
  'json-malformed': 'the JSON cannot be read',
  'csv-malformed': 'the CSV cannot be read',
  'csv-unknown-column': 'unknown column',
  'csv-missing-column': 'missing column',
  'nothing-to-import': 'there is nothing to import',
  'unknown-field': 'unknown field (misspelt?)',
  required: 'required',
  'invalid-value': 'not a valid value',
  'too-long': 'too long (at most)',
  'too-small': 'too small (at least)',
  'too-large': 'too large (at most)',
  'not-a-number': 'not a number',
  'not-a-boolean': 'not yes/no (true/false, 1/0, tak/nie)',
  'name-empty': 'the name has no text in any language',
  'duplicate-external-id': 'this external id appears earlier in the file',
  'duplicate-position-number': 'this position number appears twice on the card',
  'unknown-parent-folder': 'no such parent folder in the file or the catalogue',
  'unknown-folder': 'no such folder in the file or the catalogue',
  'unknown-part': 'no such part in the file or the catalogue',
  'folder-cycle': 'the folder would be inside itself',
  'hotspot-outside-drawing': 'the hotspot lies outside the drawing',
  'hotspot-missing': 'a hotspot needs both x and y',
  'file-missing': 'file not found',
  'file-ambiguous': 'several uploaded files have this name',
  'file-type-not-allowed': 'not a JPEG, PNG or WebP image',
  'file-too-large': 'file too large (at most)',
  'svg-invalid': 'not an SVG drawing',
  'svg-size-unknown': 'the drawing has no viewBox or width/height',
  'svg-cleaned': 'active or external content was removed from the drawing',
};

export function problemLine(problem: CatalogImportProblem, fileOf: (source: string) => string): string {
  const where = [
    problem.source === 'csv' && problem.index !== null
      ? `${fileOf('csv')} line ${problem.index}`
      : fileOf(problem.source),
    problem.entity !== 'document'
      ? `${problem.entity} ${problem.externalId ?? (problem.index !== null ? `#${problem.index}` : '')}`.trim()
      : null,
    problem.field ? `field ${problem.field}` : null,
  ].filter(Boolean);
  return `${where.join(', ')}: ${MESSAGES[problem.code]}${problem.detail ? ` (${problem.detail})` : ''}`;
}

export function summaryLines(summary: CatalogImportSummary): string[] {
  const width = 'positions'.length;
  return (Object.keys(summary) as (keyof CatalogImportSummary)[]).map((entity) => {
    const { created, updated, unchanged } = summary[entity];
    const label = entity === 'positions' ? 'positions' : entity;
    return `  ${`${label}:`.padEnd(width + 1)} ${created} created, ${updated} updated, ${unchanged} unchanged`;
  });
}

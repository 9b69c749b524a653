import { parseArgs } from 'node:util';
import type { Db } from '#app/db/client.ts';
import { sanitizeStoredDrawings } from '#app/features/catalog-import/sanitize-stored-drawings.ts';

/** `sanitize-drawings [--dry-run]`: the stored catalogue drawings through the import's allow-list. */
export async function sanitizeDrawingsCommand(
  args: string[],
  db: Db,
  io: { out(line: string): void },
): Promise<number> {
  const { values } = parseArgs({ args, options: { 'dry-run': { type: 'boolean' } }, strict: true });
  const dryRun = values['dry-run'] ?? false;
  const report = await sanitizeStoredDrawings(db, dryRun);
  io.out(
    `${dryRun ? 'Checked, nothing written' : 'Sanitised'}: ${report.checked} drawing(s), ` +
      `${report.cleaned.length} with something removed, ${report.dropped.length} unusable.`,
  );
  for (const card of report.cleaned) io.out(`  card ${card.externalId}: removed ${card.removed.join(', ')}`);
  for (const card of report.dropped)
    io.out(`  card ${card.externalId}: ${dryRun ? 'would lose' : 'lost'} its drawing (${card.detail})`);
  return 0;
}

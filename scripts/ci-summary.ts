// Prints one "N passed, N failed" line over the Vitest and Playwright JSON reports given as arguments,
// and exits non-zero when a report is missing or nothing ran.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing report: ${file}`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(
      `${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.flaky} flaky`,
    );
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);

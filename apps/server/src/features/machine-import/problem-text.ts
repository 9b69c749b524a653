import type { MachineImportProblem, MachineImportSummary } from '@care/contract/machine-import';

/** Plain English for the command line (the screen translates the codes: machine-import namespace). */
const TEXT: Record<MachineImportProblem['code'], (value: string | null) => string> = {
  'empty-file': () => 'the file is empty (a header row is needed)',
  'missing-column': (value) => `the header has no column "${value}"`,
  'unknown-column': (value) => `unknown column "${value}" in the header`,
  'duplicate-column': (value) => `the column "${value}" appears twice in the header`,
  'malformed-csv': (value) => `the CSV cannot be read from here on (${value})`,
  'column-count': (value) => `the row has ${value} cells, more than the header`,
  required: () => 'empty, but required',
  'too-long': (value) => `longer than ${value} characters`,
  'bad-date': (value) => `"${value}" is not a date (yyyy-mm-dd or dd.mm.yyyy)`,
  'guarantee-before-purchase': (value) => `the guarantee ends (${value}) before the purchase date`,
  'unknown-status': (value) => `unknown status code "${value}"`,
  'bad-email': (value) => `"${value}" is not an e-mail address`,
  'duplicate-serial': (value) => `the serial number is already on line ${value}`,
  'unknown-owner': (value) => `no active customer account has the e-mail ${value}`,
  'owner-conflict': (value) => `the machine belongs to another customer, not ${value}`,
};

export function problemLine(problem: MachineImportProblem): string {
  const column = problem.column ? ` ${problem.column}:` : '';
  return `line ${problem.line}:${column} ${TEXT[problem.code](problem.value)}`;
}

export function summaryLine(summary: MachineImportSummary): string {
  return (
    `${summary.rows} rows: ${summary.created} new, ${summary.changed} changed, ${summary.unchanged} unchanged; ` +
    `${summary.assigned} assigned to their owner, ${summary.notified} owner(s) notified.`
  );
}

/** The checks of one data row of the machines CSV, and the row as it is stored. */
import {
  MAX_DEALER,
  MAX_EMAIL,
  MAX_MODEL_NAME,
  MAX_SERIAL_NUMBER,
  type MachineImportColumn,
  type MachineImportProblem,
} from '@care/contract/machine-import';
import { MACHINE_STATUSES, type MachineStatus } from '@care/contract/statuses';
import { normalizeEmail, normalizeSerialNumber } from '#app/db/normalize.ts';

export interface MachineRow {
  serialNumber: string;
  name: string;
  /** 'YYYY-MM-DD' or null. */
  purchaseDate: string | null;
  guaranteeEndDate: string | null;
  status: MachineStatus;
  dealer: string | null;
  ownerEmail: string | null;
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
/** SPEC §5's e-mail rule (something, an at sign, something), as registration checks it. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An ERP date (yyyy-mm-dd or dd.mm.yyyy) as 'YYYY-MM-DD'; undefined when it is no real day. */
export function parseErpDate(text: string): string | undefined {
  const iso = ISO.exec(text);
  const dotted = DOTTED.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : dotted
      ? [dotted[3], dotted[2], dotted[1]].map(Number)
      : [];
  if (year === undefined || year < 1900 || year > 2199) return undefined;
  const date = new Date(Date.UTC(year, month! - 1, day));
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const cut = (value: string) => value.slice(0, 100);

/**
 * Checks one row; `seen` maps the serials of earlier rows to their lines (a duplicate names the first line).
 * Every problem of the row is reported, not just the first.
 */
export function checkMachineRow(
  cells: Partial<Record<MachineImportColumn, string>>,
  line: number,
  seen: Map<string, number>,
): { row: MachineRow | null; problems: MachineImportProblem[] } {
  const problems: MachineImportProblem[] = [];
  const problem = (column: MachineImportColumn, code: MachineImportProblem['code'], value: string | null) =>
    problems.push({ line, column, code, value });
  const text = (column: MachineImportColumn, max: number, required: boolean): string | null => {
    const value = (cells[column] ?? '').trim();
    if (!value) {
      if (required) problem(column, 'required', null);
      return null;
    }
    if (value.length > max) problem(column, 'too-long', String(max));
    return value;
  };
  const day = (column: MachineImportColumn): string | null => {
    const value = (cells[column] ?? '').trim();
    if (!value) return null;
    const parsed = parseErpDate(value);
    if (!parsed) problem(column, 'bad-date', cut(value));
    return parsed ?? null;
  };

  const serial = text('serial_number', MAX_SERIAL_NUMBER, true);
  const serialNumber = serial === null ? null : normalizeSerialNumber(serial);
  if (serialNumber && serialNumber.length <= MAX_SERIAL_NUMBER) {
    const earlier = seen.get(serialNumber);
    if (earlier !== undefined) problem('serial_number', 'duplicate-serial', String(earlier));
    else seen.set(serialNumber, line);
  }
  const name = text('model_name', MAX_MODEL_NAME, true);
  const purchaseDate = day('purchase_date');
  const guaranteeEndDate = day('guarantee_end_date');
  if (purchaseDate && guaranteeEndDate && guaranteeEndDate < purchaseDate)
    problem('guarantee_end_date', 'guarantee-before-purchase', guaranteeEndDate);
  const statusText = (cells.status ?? '').trim().toUpperCase();
  if (!statusText) problem('status', 'required', null);
  else if (!(MACHINE_STATUSES as readonly string[]).includes(statusText))
    problem('status', 'unknown-status', cut(statusText));
  const dealer = text('dealer', MAX_DEALER, false);
  const email = text('owner_email', MAX_EMAIL, false);
  if (email && email.length <= MAX_EMAIL && !EMAIL.test(email))
    problem('owner_email', 'bad-email', cut(email));

  if (problems.length) return { row: null, problems };
  return {
    row: {
      serialNumber: serialNumber!,
      name: name!,
      purchaseDate,
      guaranteeEndDate,
      status: statusText as MachineStatus,
      dealer,
      ownerEmail: email === null ? null : normalizeEmail(email),
    },
    problems,
  };
}

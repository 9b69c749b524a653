/**
 * How values are stored (CHECK constraints enforce both): e-mails lower-case, serial numbers trimmed and
 * upper-case. Normalise what people type with these before any lookup or write.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normalizeSerialNumber(serialNumber: string): string {
  return serialNumber.trim().toUpperCase();
}

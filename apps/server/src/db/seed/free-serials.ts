/**
 * Unowned machines that exist in the demo data, ready to register. Without imports so that the end-to-end
 * journeys can read them too.
 */

/** Printed for registration trials (README, console). */
export const FREE_SERIAL_NUMBERS = ['AM-2025-004711', 'AM-2025-004712', 'AM-2024-002088'] as const;

/** More of the same, one per end-to-end journey that registers, so parallel journeys never compete for one. */
export const JOURNEY_SERIAL_NUMBERS = Array.from(
  { length: 40 },
  (_, index) => `AM-2026-${String(9001 + index).padStart(6, '0')}`,
);

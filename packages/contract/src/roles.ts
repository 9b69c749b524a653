import type { Role } from './statuses.ts';

/*
 * The staff role groups, without any schema: the web app's start-up path (its route guards) needs only these, and
 * importing them from offers.ts or staff.ts would build every schema of those modules (and of the modules they
 * import) before a public catalogue page becomes interactive (docs/perf.md, Lighthouse). offers.ts and staff.ts
 * re-export them.
 */

/** The roles that work the parts sales inbox (api/staff/offer-requests); others get FORBIDDEN. */
export const OFFER_STAFF_ROLES = ['sales', 'admin'] as const satisfies readonly Role[];

export function isOfferStaffRole(role: Role): boolean {
  return (OFFER_STAFF_ROLES as readonly Role[]).includes(role);
}

/** The roles that see the staff screens and call api/staff/service-requests. */
export const SERVICE_STAFF_ROLES = ['service', 'admin'] as const satisfies readonly Role[];

export function isServiceStaffRole(role: Role): boolean {
  return (SERVICE_STAFF_ROLES as readonly Role[]).includes(role);
}

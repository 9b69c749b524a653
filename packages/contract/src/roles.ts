import type { Role } from './statuses.ts';

/*
 * The staff role groups, without any schema: the web app's start-up path (its route guards) needs only these, and
 * importing them from offers.ts, staff.ts or staff-accounts.ts would build every schema of those modules (and of
 * the modules they import) before a public catalogue page becomes interactive (docs/perf.md, Lighthouse). Those
 * three re-export them; the server's services and event audiences import them from here.
 */

/** Every staff role: the service department's and the parts sales' (the staff accounts an admin manages). */
export const STAFF_ROLES = ['service', 'sales', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

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

import { isOfferStaffRole, isServiceStaffRole } from '@care/contract/roles';
import type { Role } from '@care/contract/statuses';
import { data, redirect, type MiddlewareFunction } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { whenAuthFinished } from '#app/lib/auth-store.ts';

/** Anyone who works in the back office: the service department, parts sales, admins. */
export const isStaffRole = (role: Role) => isServiceStaffRole(role) || isOfferStaffRole(role);

/** Where a staff member starts: the service queue, or for parts sales their inbox. */
export const staffHome = (role: Role) => (isServiceStaffRole(role) ? paths.staff : paths.staffOfferRequests);

/**
 * Route middleware of /staff, after requireAuthentication: anyone signed in without a staff role (a customer)
 * gets the not-found page before any loader runs, so the screens never ask the API for data they may not read.
 * The server refuses them on its own (FORBIDDEN); this only keeps the screens honest.
 */
export const requireStaff: MiddlewareFunction = async () => {
  const { user } = await whenAuthFinished();
  if (user && isStaffRole(user.role)) return;
  throw data(null, { status: 404 });
};

/** The service queue and its requests (service, admin). Parts sales who open them go to their inbox instead. */
export const requireServiceStaff: MiddlewareFunction = async () => {
  const { user } = await whenAuthFinished();
  if (user && isServiceStaffRole(user.role)) return;
  if (user && isOfferStaffRole(user.role)) throw redirect(paths.staffOfferRequests);
  throw data(null, { status: 404 });
};

/** The parts sales inbox and its requests (sales, admin); the service department gets not-found. */
export const requireOfferStaff: MiddlewareFunction = async () => {
  const { user } = await whenAuthFinished();
  if (user && isOfferStaffRole(user.role)) return;
  throw data(null, { status: 404 });
};

import { isServiceStaffRole } from '@care/contract/staff';
import { data, type MiddlewareFunction } from 'react-router';
import { whenAuthFinished } from '#app/features/auth/auth-store.ts';

/**
 * Route middleware of /staff, after requireAuthentication: anyone signed in without a service role (a customer,
 * parts sales) gets the not-found page before any loader runs, so the screens never ask the API for data they
 * may not read. The server refuses them on its own (FORBIDDEN); this only keeps the screens honest.
 */
export const requireServiceStaff: MiddlewareFunction = async () => {
  const { user } = await whenAuthFinished();
  if (user && isServiceStaffRole(user.role)) return;
  throw data(null, { status: 404 });
};

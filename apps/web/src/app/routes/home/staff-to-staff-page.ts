import { isOfferStaffRole, isServiceStaffRole } from '@care/contract/roles';
import { redirect, type MiddlewareFunction } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { whenAuthFinished } from '#app/lib/auth-store.ts';

/**
 * Route middleware of the customer's service request page (/home/services/edit/{id}): a service staff member who
 * lands there (an old e-mail, a link a customer pasted into the chat) is sent to the staff page of the same
 * request, before any loader — the customer's frame would offer them a withdrawal the server refuses.
 */
export const sendServiceStaffToStaffPage: MiddlewareFunction = async ({ params }) => {
  const { user } = await whenAuthFinished();
  if (user && isServiceStaffRole(user.role) && params.serviceId) {
    throw redirect(paths.staffServiceRequest(params.serviceId));
  }
};

/** The same for an offer request (/home/offer-requests/{id}): parts sales and admins get the sales inbox's page. */
export const sendOfferStaffToStaffPage: MiddlewareFunction = async ({ params }) => {
  const { user } = await whenAuthFinished();
  if (user && isOfferStaffRole(user.role) && params.offerRequestId) {
    throw redirect(paths.staffOfferRequest(params.offerRequestId));
  }
};

import { CLOSED_SERVICE_REQUEST_STATUSES, OPEN_SERVICE_REQUEST_STATUSES } from '@care/contract/insight';
import type { OfferRequestStatus, ServiceRequestStatus } from '@care/contract/statuses';
import { paths } from '#app/config/paths.ts';

/*
 * Where each figure leads: the staff queue (/staff) and the offer inbox (/staff/offer-requests) read their filters
 * from the address under the API's parameter names (features/staff/queue-params.ts), so a link is just a query.
 */

const queue = (params: Record<string, string>) => `${paths.staff}?${new URLSearchParams(params).toString()}`;
const offers = (params: Record<string, string>) =>
  `${paths.staffOfferRequests}?${new URLSearchParams(params).toString()}`;

/** The Sunday that ends the week of `monday` (YYYY-MM-DD). */
export function weekEnd(monday: string): string {
  const day = new Date(`${monday}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 6);
  return day.toISOString().slice(0, 10);
}

export const insightLinks = {
  status: (status: ServiceRequestStatus) => queue({ status }),
  allOpen: () => queue({ status: OPEN_SERVICE_REQUEST_STATUSES.join(',') }),
  oldestOpen: () =>
    queue({ status: OPEN_SERVICE_REQUEST_STATUSES.join(','), sort: 'reportDate', order: 'asc' }),
  /** Requests reported in the week (and the first-reply median is over them). */
  openedIn: (monday: string) => queue({ reportedFrom: monday, reportedTo: weekEnd(monday) }),
  closedIn: (monday: string) =>
    queue({
      status: CLOSED_SERVICE_REQUEST_STATUSES.join(','),
      changedFrom: monday,
      changedTo: weekEnd(monday),
    }),
  completedIn: (monday: string) => queue({ status: 'F', changedFrom: monday, changedTo: weekEnd(monday) }),
  model: (model: string, since: string) => queue({ model, reportedFrom: since }),
  request: (id: string) => paths.staffServiceRequest(id),
  offers: (status: OfferRequestStatus | readonly OfferRequestStatus[]) =>
    offers({ status: [status].flat().join(',') }),
  /** The quoting figure: the requests sent in the window that have been quoted. */
  quotedSince: (since: string) => offers({ status: 'quoted,closed', sentFrom: since }),
};

import { chatEndpoints } from '@care/contract/chat';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';
import { serviceRequestKeys } from './api.ts';

/**
 * Under the service requests' key: a `chat-message` event that invalidates `serviceRequestKeys.all` refreshes
 * the header's count and the lists' per-request counts together.
 */
export const unreadKeys = {
  all: [...serviceRequestKeys.all, 'unread'] as const,
};

/** GET api/chat/comments/unread: the header's total and the requests with unread messages. */
export const unreadQuery = queryOptions({
  queryKey: unreadKeys.all,
  queryFn: ({ signal }) => callApi(chatEndpoints.unread, {}, { signal, silent: true }),
  // The header shows it on every screen: refreshed by events (and on focus), not on every navigation.
  staleTime: 60_000,
});

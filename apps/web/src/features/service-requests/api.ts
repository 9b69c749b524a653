import {
  ServiceRequestDetailsSchema,
  ServiceRequestElementsSchema,
  type ServiceRequestListQuerySchema,
  ServiceRequestPageSchema,
} from '@care/contract/service-requests';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '#app/lib/api-client.ts';
import { i18n } from '#app/lib/i18n.ts';

/** A list call as the table builds it: every parameter resolved (page, size, sort, order), filters optional. */
export type ServiceRequestListParams = z.output<typeof ServiceRequestListQuerySchema>;

export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  lists: () => [...serviceRequestKeys.all, 'list'] as const,
  list: (query: ServiceRequestListParams) => [...serviceRequestKeys.lists(), query] as const,
  details: () => [...serviceRequestKeys.all, 'details'] as const,
  detail: (id: string) => [...serviceRequestKeys.details(), id] as const,
  elements: () => [...serviceRequestKeys.all, 'elements'] as const,
};

/** The query string of a list call: repeated codes travel joined by commas (paging.ts codesFilterField). */
function listSearch(query: ServiceRequestListParams) {
  const { status, ...rest } = query;
  return { ...rest, status: Array.isArray(status) && status.length > 0 ? status.join(',') : undefined };
}

/** GET api/service-requests/user-owned: one page of the customer's requests, with unread counts. */
export const serviceRequestListQuery = (query: ServiceRequestListParams) =>
  queryOptions({
    queryKey: serviceRequestKeys.list(query),
    queryFn: ({ signal }) =>
      request('api/service-requests/user-owned', {
        query: listSearch(query),
        schema: ServiceRequestPageSchema,
        signal,
      }),
    // Paging and sorting keep the last page on screen until the next one arrives (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

/** GET api/service-requests/{id}: every field of the request (SPEC §8 'service-load-error' on failure). */
export const serviceRequestQuery = (id: string) =>
  queryOptions({
    queryKey: serviceRequestKeys.detail(id),
    queryFn: ({ signal }) =>
      request(`api/service-requests/${encodeURIComponent(id)}`, {
        schema: ServiceRequestDetailsSchema,
        signal,
        silent: true,
      }),
  });

/** GET api/service-requests/elements: the new-request form's choices and the server's upload limits. */
export const elementsQuery = queryOptions({
  queryKey: serviceRequestKeys.elements(),
  queryFn: ({ signal }) =>
    request('api/service-requests/elements', {
      schema: ServiceRequestElementsSchema,
      signal,
      errorMessage: i18n.t('errors:unexpected'),
    }),
  staleTime: 5 * 60_000,
});

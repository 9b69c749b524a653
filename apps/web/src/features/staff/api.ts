import {
  type StaffQueueQuery,
  type StaffQueueQuerySchema,
  type StaffServiceRequest,
  type StaffServiceRequestUpdate,
  type StaffStatusChange,
  staffEndpoints,
} from '@care/contract/staff';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '#app/lib/api-client.ts';

/** A queue call as the screen builds it: every parameter resolved (page, size, sort, order), filters optional. */
export type StaffQueueParams = z.output<typeof StaffQueueQuerySchema>;

export const staffKeys = {
  all: ['staff'] as const,
  /** Every page of the queue; a status change or a chat message makes them all stale. */
  queues: () => [...staffKeys.all, 'queue'] as const,
  queue: (params: StaffQueueParams) => [...staffKeys.queues(), params] as const,
  requests: () => [...staffKeys.all, 'service-request'] as const,
  request: (id: string) => [...staffKeys.requests(), id] as const,
};

/** The query of a queue call: the unread flag as the query string spells it, only when on. */
function queueSearch(params: StaffQueueParams): StaffQueueQuery {
  const { unread, ...rest } = params;
  return { ...rest, unread: unread ? 'true' : undefined };
}

/** GET api/staff/service-requests: one page of every customer's requests, with the reader's unread counts. */
export const staffQueueQuery = (params: StaffQueueParams) =>
  queryOptions({
    queryKey: staffKeys.queue(params),
    queryFn: ({ signal }) => callApi(staffEndpoints.queue, { query: queueSearch(params) }, { signal }),
    // Paging and filtering keep the last page on screen until the next one arrives (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

/** GET api/staff/service-requests/{id}: the request with its customer, machine and the staff's notes. */
export const staffServiceRequestQuery = (id: string) =>
  queryOptions({
    queryKey: staffKeys.request(id),
    queryFn: ({ signal }) => callApi(staffEndpoints.get, { params: { id } }, { signal, silent: true }),
  });

/**
 * POST api/staff/service-requests/{id}/status. The caller shows a refusal (INVALID_STATUS_TRANSITION,
 * STATUS_CHANGED_MEANWHILE); after one the request is fetched again, so the screen offers what is allowed now.
 */
export function useChangeStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffStatusChange) =>
      callApi(staffEndpoints.changeStatus, { params: { id }, body: change }, { silent: true }),
    onSuccess: (updated) => {
      queryClient.setQueryData(staffKeys.request(id), updated);
      return queryClient.invalidateQueries({ queryKey: staffKeys.queues() });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: staffKeys.request(id) }),
  });
}

/** PATCH api/staff/service-requests/{id}: only the fields sent change. The caller shows field errors and notices. */
export function useUpdateServiceRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: StaffServiceRequestUpdate) =>
      callApi(staffEndpoints.update, { params: { id }, body: update }, { silent: true }),
    onSuccess: (updated: StaffServiceRequest) => queryClient.setQueryData(staffKeys.request(id), updated),
  });
}

import {
  type StaffQueueQuery,
  type StaffQueueQuerySchema,
  type StaffServiceRequest,
  type StaffServiceRequestUpdate,
  type StaffStatusChange,
  staffEndpoints,
} from '@care/contract/staff';
import { type StaffAssignment, type StaffTriage, staffDeskEndpoints } from '@care/contract/staff-desk';
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
  /** The team's "waiting for us" count (the header's badge). */
  waiting: () => [...staffKeys.all, 'waiting'] as const,
  colleagues: () => [...staffKeys.all, 'colleagues'] as const,
  tags: (q: string) => [...staffKeys.all, 'tags', q] as const,
};

/** The query of a queue call: the waiting flag as the query string spells it, only when on. */
function queueSearch(params: StaffQueueParams): StaffQueueQuery {
  const { waiting, ...rest } = params;
  return { ...rest, waiting: waiting ? 'true' : undefined };
}

/** GET api/staff/service-requests: one page of the queue (everyone's, mine or unassigned), filtered and sorted. */
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

/** GET api/staff/waiting: how many requests wait for the department's answer. */
export const staffWaitingQuery = queryOptions({
  queryKey: staffKeys.waiting(),
  queryFn: ({ signal }) => callApi(staffDeskEndpoints.waiting, {}, { signal, silent: true }),
});

/** GET api/staff/colleagues: whom a request can be handed over to (a few dozen accounts; kept a minute). */
export const staffColleaguesQuery = queryOptions({
  queryKey: staffKeys.colleagues(),
  queryFn: ({ signal }) => callApi(staffDeskEndpoints.colleagues, {}, { signal }),
  staleTime: 60_000,
});

/** GET api/staff/tags?q=: tags in use starting with q. */
export const staffTagsQuery = (q: string) =>
  queryOptions({
    queryKey: staffKeys.tags(q),
    queryFn: ({ signal }) => callApi(staffDeskEndpoints.tags, { query: { q } }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });

/** A desk change answers with the request: it replaces the cached one; the queue and the count refetch. */
function useDeskMutation<Input>(id: string, send: (input: Input) => Promise<StaffServiceRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (updated) => {
      queryClient.setQueryData(staffKeys.request(id), updated);
      void queryClient.invalidateQueries({ queryKey: staffKeys.waiting() });
      return queryClient.invalidateQueries({ queryKey: staffKeys.queues() });
    },
    // ASSIGNMENT_CHANGED_MEANWHILE: show who has it now.
    onError: () => queryClient.invalidateQueries({ queryKey: staffKeys.request(id) }),
  });
}

/** PUT api/staff/service-requests/{id}/assignee: take, hand over, release. The caller shows refusals. */
export const useAssign = (id: string) =>
  useDeskMutation(id, (body: StaffAssignment) =>
    callApi(staffDeskEndpoints.assign, { params: { id }, body }, { silent: true }),
  );

/** PUT api/staff/service-requests/{id}/triage: priority and tags. */
export const useTriage = (id: string) =>
  useDeskMutation(id, (body: StaffTriage) =>
    callApi(staffDeskEndpoints.triage, { params: { id }, body }, { silent: true }),
  );

/** POST api/staff/service-requests/{id}/no-answer-needed. */
export const useNoAnswerNeeded = (id: string) =>
  useDeskMutation(id, () => callApi(staffDeskEndpoints.answered, { params: { id } }, { silent: true }));

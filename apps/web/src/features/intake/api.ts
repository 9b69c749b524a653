import {
  type IntakeRequestInput,
  intakeEndpoints,
  type MarkDuplicate,
  type RequestCorrection,
  type RequestRecord,
} from '@care/contract/intake';
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';

export const intakeKeys = {
  all: ['intake'] as const,
  customers: (q: string) => [...intakeKeys.all, 'customers', q] as const,
  machines: (customerId: string) => [...intakeKeys.all, 'machines', customerId] as const,
  candidates: (id: string) => [...intakeKeys.all, 'candidates', id] as const,
};

/**
 * A request's record sits under the key of the request's page (the staff's or the customer's, given by the
 * route), so whatever refreshes the page — the live `service-request-status` event, a status change — refreshes
 * the record with it.
 */
export const recordKey = (requestKey: QueryKey) => [...requestKey, 'record'] as const;

/** GET api/staff/intake/customers?q: active customers matching q (3 characters at least, else none). */
export const intakeCustomersQuery = (q: string) =>
  queryOptions({
    queryKey: intakeKeys.customers(q),
    queryFn: ({ signal }) => callApi(intakeEndpoints.customers, { query: { q } }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled: q.trim().length >= 3,
  });

/** GET api/staff/intake/customers/{id}/machines. */
export const intakeMachinesQuery = (customerId: string) =>
  queryOptions({
    queryKey: intakeKeys.machines(customerId),
    queryFn: ({ signal }) =>
      callApi(intakeEndpoints.machines, { params: { id: customerId } }, { signal, silent: true }),
    enabled: customerId !== '',
  });

/** GET api/staff/service-requests/{id}/duplicate-candidates. */
export const duplicateCandidatesQuery = (id: string) =>
  queryOptions({
    queryKey: intakeKeys.candidates(id),
    queryFn: ({ signal }) =>
      callApi(intakeEndpoints.candidates, { params: { id } }, { signal, silent: true }),
  });

/** GET api/service-requests/{id}/record under the request page's key. */
export const requestRecordQuery = (requestKey: QueryKey, id: string) =>
  queryOptions({
    queryKey: recordKey(requestKey),
    queryFn: ({ signal }) => callApi(intakeEndpoints.record, { params: { id } }, { signal, silent: true }),
  });

/** POST api/staff/intake/service-requests. The caller shows field errors and refusals. */
export function useFileForCustomer() {
  return useMutation({
    mutationFn: (body: IntakeRequestInput) => callApi(intakeEndpoints.file, { body }, { silent: true }),
  });
}

/**
 * A correction or a duplicate answers with the record; the request's page (its key from the route) refetches,
 * so its summary and status show the change, and so do the duplicate candidates.
 */
function useRecordMutation<Input>(requestKey: QueryKey, send: (input: Input) => Promise<RequestRecord>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (record) => {
      queryClient.setQueryData(recordKey(requestKey), record);
      void queryClient.invalidateQueries({ queryKey: intakeKeys.all });
      return queryClient.invalidateQueries({ queryKey: requestKey });
    },
  });
}

/** POST api/staff/service-requests/{id}/corrections. */
export const useCorrectRequest = (requestKey: QueryKey, id: string) =>
  useRecordMutation(requestKey, (body: RequestCorrection) =>
    callApi(intakeEndpoints.correct, { params: { id }, body }, { silent: true }),
  );

/** POST api/staff/service-requests/{id}/duplicate. */
export const useMarkDuplicate = (requestKey: QueryKey, id: string) =>
  useRecordMutation(requestKey, (body: MarkDuplicate) =>
    callApi(intakeEndpoints.markDuplicate, { params: { id }, body }, { silent: true }),
  );

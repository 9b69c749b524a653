import {
  customerEndpoints,
  type CustomerStatus,
  type MachineAssignment,
  type StaffCustomerDetails,
} from '@care/contract/customers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';

/** A search: page, page size, the text (3+ characters) and the statuses to show; newest account first. */
export interface CustomerListParams {
  page: number;
  pageSize: number;
  q?: string;
  status?: CustomerStatus[];
}

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (params: CustomerListParams) => [...customerKeys.lists(), params] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
};

/** GET api/staff/customers. */
export const customerListQuery = ({ status, ...params }: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list({ status, ...params }),
    queryFn: ({ signal }) => callApi(customerEndpoints.search, { query: { ...params, status } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET api/staff/customers/{id}; silent: a failure is the route's error page. */
export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => callApi(customerEndpoints.get, { params: { id } }, { signal, silent: true }),
  });

/**
 * An admin's change of a customer: every one answers with the customer's page, which replaces the cached one;
 * the search lists are fetched again (status, machine count). Silent: the form shows a refusal itself.
 */
function useCustomerChange<Input>(id: string, call: (input: Input) => Promise<StaffCustomerDetails>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (updated) => {
      queryClient.setQueryData(customerKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

const silent = { silent: true };

export const useResendConfirmation = (id: string) =>
  useCustomerChange<void>(id, () =>
    callApi(customerEndpoints.resendConfirmation, { params: { id } }, silent),
  );

export const useReactivateCustomer = (id: string) =>
  useCustomerChange<{ reason: string }>(id, (body) =>
    callApi(customerEndpoints.reactivate, { params: { id }, body }, silent),
  );

export const useAssignMachine = (id: string) =>
  useCustomerChange<MachineAssignment>(id, (body) =>
    callApi(customerEndpoints.assignMachine, { params: { id }, body }, silent),
  );

export const useRemoveMachine = (id: string) =>
  useCustomerChange<{ machineId: string; reason: string }>(id, ({ machineId, reason }) =>
    callApi(customerEndpoints.removeMachine, { params: { id, machineId }, body: { reason } }, silent),
  );

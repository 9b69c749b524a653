import {
  type CustomerStatus,
  type MachineAssignment,
  StaffCustomerDetailsSchema,
  StaffCustomersPageSchema,
} from '@care/contract/customers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '#app/lib/api-client.ts';

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
    queryFn: ({ signal }) =>
      request('api/staff/customers', {
        query: { ...params, status: status && status.length > 0 ? status.join(',') : undefined },
        schema: StaffCustomersPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET api/staff/customers/{id}; silent: a failure is the route's error page. */
export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) =>
      request(`api/staff/customers/${encodeURIComponent(id)}`, {
        schema: StaffCustomerDetailsSchema,
        signal,
        silent: true,
      }),
  });

/**
 * An admin's change of a customer: every one answers with the customer's page, which replaces the cached one;
 * the search lists are fetched again (status, machine count). Silent: the form shows a refusal itself.
 */
function useCustomerChange<Input>(id: string, call: (input: Input) => { path: string; body: object }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => {
      const { path, body } = call(input);
      return request(`api/admin/customers/${encodeURIComponent(id)}/${path}`, {
        method: 'POST',
        body,
        schema: StaffCustomerDetailsSchema,
        silent: true,
      });
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(customerKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export const useResendConfirmation = (id: string) =>
  useCustomerChange<void>(id, () => ({ path: 'confirmation-mail', body: {} }));

export const useReactivateCustomer = (id: string) =>
  useCustomerChange<{ reason: string }>(id, (body) => ({ path: 'reactivation', body }));

export const useAssignMachine = (id: string) =>
  useCustomerChange<MachineAssignment>(id, (body) => ({ path: 'machines', body }));

export const useRemoveMachine = (id: string) =>
  useCustomerChange<{ machineId: string; reason: string }>(id, ({ machineId, reason }) => ({
    path: `machines/${encodeURIComponent(machineId)}/removal`,
    body: { reason },
  }));

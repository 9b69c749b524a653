import { machineEndpoints, type MachineListQuerySchema } from '@care/contract/machines';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '#app/lib/api-client.ts';

/** A list call as the table builds it: every parameter resolved (page, size, sort, order), filters optional. */
export type MachineListParams = z.output<typeof MachineListQuerySchema>;

/** SPEC §9: machine data is fresh for 30 s. */
export const MACHINE_STALE_TIME = 30_000;

export const machineKeys = {
  all: ['machines'] as const,
  lists: () => [...machineKeys.all, 'list'] as const,
  list: (params: MachineListParams) => [...machineKeys.lists(), params] as const,
  details: () => [...machineKeys.all, 'details'] as const,
  detail: (id: string) => [...machineKeys.details(), id] as const,
};

/** GET api/end-products/user-owned: one page of the customer's machines. */
export const machineListQuery = (params: MachineListParams) =>
  queryOptions({
    queryKey: machineKeys.list(params),
    queryFn: ({ signal }) => callApi(machineEndpoints.list, { query: params }, { signal }),
    staleTime: MACHINE_STALE_TIME,
    // Paging and sorting keep the last page on screen until the next one arrives (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

/** GET api/end-products/{id}: the machine, its guarantee and its latest requests ('machine-load-error' on failure). */
export const machineQuery = (id: string) =>
  queryOptions({
    queryKey: machineKeys.detail(id),
    queryFn: ({ signal }) => callApi(machineEndpoints.get, { params: { id } }, { signal, silent: true }),
    staleTime: MACHINE_STALE_TIME,
  });

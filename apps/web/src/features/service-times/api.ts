import { serviceTimeEndpoints, type ServiceTimeTargets } from '@care/contract/service-times';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';

export const serviceTimeKeys = {
  all: ['service-times'] as const,
  targets: () => [...serviceTimeKeys.all, 'targets'] as const,
};

/** GET api/admin/service-times: the first-reply and completion targets per priority. */
export const serviceTimeTargetsQuery = queryOptions({
  queryKey: serviceTimeKeys.targets(),
  queryFn: ({ signal }) => callApi(serviceTimeEndpoints.get, {}, { signal }),
});

/** PUT api/admin/service-times (admins). */
export function useUpdateServiceTimeTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceTimeTargets) => callApi(serviceTimeEndpoints.update, { body }),
    onSuccess: (saved) => queryClient.setQueryData(serviceTimeKeys.targets(), saved),
  });
}

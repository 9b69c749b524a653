import { brandEndpoints } from '@care/contract/brand';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';

export const brandKeys = { all: ['brand'] as const };

export const brandQuery = queryOptions({
  queryKey: brandKeys.all,
  queryFn: ({ signal }) => callApi(brandEndpoints.get, {}, { signal, silent: true }),
  staleTime: 5 * 60_000,
});

export function useBrand() {
  return useQuery(brandQuery);
}

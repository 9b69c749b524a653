import { insightEndpoints } from '@care/contract/insight';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';

export const insightKeys = {
  all: ['insight'] as const,
  dashboard: () => [...insightKeys.all, 'dashboard'] as const,
};

/** GET api/staff/insight: every figure at once. A minute fresh: the figures move by the hour, not the second. */
export const insightQuery = queryOptions({
  queryKey: insightKeys.dashboard(),
  queryFn: ({ signal }) => callApi(insightEndpoints.get, {}, { signal }),
  staleTime: 60_000,
});

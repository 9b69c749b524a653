import { sessionEndpoints } from '@care/contract/sessions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';

export const sessionKeys = {
  all: ['sessions'] as const,
};

/** GET api/user/sessions: where the account is signed in, this device first. */
export const sessionsQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: ({ signal }) => callApi(sessionEndpoints.list, {}, { signal }),
});

/** DELETE api/user/sessions/{id}: signs that device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(sessionEndpoints.end, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** POST api/user/sessions/end-others: signs every other device out. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(sessionEndpoints.endOthers, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

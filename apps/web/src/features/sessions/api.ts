import { SessionListSchema, SESSIONS_PATHS, SessionsEndedSchema } from '@care/contract/sessions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '#app/lib/api-client.ts';

const stripSlash = (path: string) => path.replace(/^\//, '');

export const sessionKeys = {
  all: ['sessions'] as const,
};

/** GET api/user/sessions: where the account is signed in, this device first. */
export const sessionsQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: ({ signal }) => request(stripSlash(SESSIONS_PATHS.list), { schema: SessionListSchema, signal }),
});

/** DELETE api/user/sessions/{id}: signs that device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request(stripSlash(SESSIONS_PATHS.one(id)), { method: 'DELETE', schema: SessionsEndedSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** POST api/user/sessions/end-others: signs every other device out. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request(stripSlash(SESSIONS_PATHS.endOthers), { method: 'POST', schema: SessionsEndedSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

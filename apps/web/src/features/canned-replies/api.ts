import { type CannedReplyInput, cannedReplyEndpoints } from '@care/contract/canned-replies';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#app/lib/api-client.ts';

export const cannedReplyKeys = {
  all: ['canned-replies'] as const,
  list: () => [...cannedReplyKeys.all, 'list'] as const,
};

/** GET api/staff/canned-replies: the whole shared list (a few hundred at most), for the screen and the picker. */
export const cannedRepliesQuery = queryOptions({
  queryKey: cannedReplyKeys.list(),
  queryFn: ({ signal }) => callApi(cannedReplyEndpoints.list, {}, { signal }),
  staleTime: 30_000,
});

/** POST (no id) or PUT (an id) api/staff/canned-replies; the caller shows field errors. */
export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CannedReplyInput }) =>
      id === null
        ? callApi(cannedReplyEndpoints.create, { body }, { silent: true })
        : callApi(cannedReplyEndpoints.update, { params: { id }, body }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list() }),
  });
}

/** DELETE api/staff/canned-replies/{id}. */
export function useRemoveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(cannedReplyEndpoints.remove, { params: { id } }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list() }),
  });
}

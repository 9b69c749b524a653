import { type RatingInput, type RatingLink, ratingEndpoints } from '@care/contract/rating';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '#app/lib/api-client.ts';

export const ratingKeys = {
  all: ['rating'] as const,
  link: (token: string) => [...ratingKeys.all, 'link', token] as const,
};

/**
 * POST api/service-ratings/link: what the e-mailed link shows (code, machine, whether it may still be rated);
 * 'invalid' for a token the server does not know (INVALID_TOKEN).
 */
export const ratingLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ratingKeys.link(token),
    queryFn: async (): Promise<RatingLink | 'invalid'> => {
      try {
        return await callApi(ratingEndpoints.link, { body: { token } }, { silent: true });
      } catch (error) {
        if (error instanceof ApiRequestError && error.body?.code === 'INVALID_TOKEN') return 'invalid';
        throw error;
      }
    },
    staleTime: 0,
    retry: false,
  });

/** POST api/service-requests/{id}/rating: the signed-in customer's rating; the caller refreshes the request. */
export function useRateRequest(id: string) {
  return useMutation({
    mutationFn: (input: RatingInput) =>
      callApi(ratingEndpoints.rate, { params: { id }, body: input }, { silent: true }),
  });
}

/** POST api/service-ratings/link/rating: the rating through the link; the link's page then says it was rated. */
export function useRateByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) =>
      callApi(ratingEndpoints.rateByLink, { body: { token, ...input } }, { silent: true }),
    onSuccess: (link) => queryClient.setQueryData(ratingKeys.link(token), link),
    onError: () => queryClient.invalidateQueries({ queryKey: ratingKeys.link(token) }),
  });
}

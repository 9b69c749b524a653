import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/** SPEC §7: default freshness 2000 ms. Client errors are final; network and server errors retry twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2000,
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export const queryClient = createQueryClient();

import { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react-router';
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

/**
 * The query client a route loader fills: the app's own in the browser; the server's page rendering passes one per
 * request (apps/web/src/entry-server.tsx), so requests never share data.
 */
export const queryClientContext = createContext<QueryClient>(queryClient);

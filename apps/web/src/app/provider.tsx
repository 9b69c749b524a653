import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '#app/lib/query-client.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** SPEC §9: notifications bottom-right, 4000 ms, at most 5 at once (the rest wait in Mantine's queue). */
export const NOTIFICATION_SETTINGS = { position: 'bottom-right', autoClose: 4000, limit: 5 } as const;

/** `queryClient`: the app's own, except in the server's rendering of a page (entry-server.tsx, one per request). */
export function AppProvider({
  children,
  queryClient: client = queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <DeferredNotifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Mantine's notifications layer, once the page is interactive (useHydrated): what is shown before waits in its queue. */
function DeferredNotifications() {
  return useHydrated() ? <Notifications {...NOTIFICATION_SETTINGS} /> : null;
}

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '#app/lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** SPEC §9: notifications bottom-right, 4000 ms, at most 5 at once (the rest wait in Mantine's queue). */
export const NOTIFICATION_SETTINGS = { position: 'bottom-right', autoClose: 4000, limit: 5 } as const;

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <Notifications {...NOTIFICATION_SETTINGS} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

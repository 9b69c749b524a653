import { eventEndpoints, type EventType, type PortalEvent } from '@care/contract/events';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiUrl } from '#app/config/runtime-config.ts';
import { addressOf } from '#app/lib/api-client.ts';
import { connectEvents } from './event-connection.ts';

type DataOf<K extends EventType> = Extract<PortalEvent, { type: K }>['data'];

/**
 * Which query keys each event makes stale. Features do not know each other's keys, so the route that mounts the
 * stream (routes/home/layout.tsx) writes this table from the features' key factories.
 */
export type EventInvalidations = { [K in EventType]?: (data: DataOf<K>) => readonly QueryKey[] };

/**
 * The signed-in tab's one stream of server events (GET api/events): each event invalidates its keys, so open
 * screens refetch through the ordinary endpoints. Mount it once, in the signed-in layout: unmounting (sign-out)
 * closes the stream.
 */
export function usePortalEvents(invalidations: EventInvalidations): void {
  const queryClient = useQueryClient();
  const table = useRef(invalidations);
  useEffect(() => {
    table.current = invalidations;
  });

  useEffect(() => {
    const connection = connectEvents(apiUrl(addressOf(eventEndpoints.stream)), (event) => {
      const keysOf = table.current[event.type] as
        ((data: typeof event.data) => readonly QueryKey[]) | undefined;
      for (const queryKey of keysOf?.(event.data) ?? []) void queryClient.invalidateQueries({ queryKey });
    });
    return () => connection.close();
  }, [queryClient]);
}

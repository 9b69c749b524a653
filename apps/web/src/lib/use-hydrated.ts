import { startTransition, useEffect, useState } from 'react';

/** Once true, components mounted later (a client-side navigation) render their full form at once. */
let started = false;

/**
 * False while React adopts a page the server rendered (entry-server.tsx), on the server, and on a page's first
 * render; true right after, in a transition. For parts nobody uses in a page's first moments — tooltips, the
 * notifications' layer: each sets state as it mounts (floating-ui's references), which during hydration made
 * React re-render them synchronously in one long task (docs/perf.md, Lighthouse).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(started);
  useEffect(() => {
    if (hydrated) return;
    started = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

import { useSyncExternalStore } from 'react';

/** Mantine's `lg` breakpoint (75em): from here the drawing and the list sit side by side. */
const WIDE = '(min-width: 75em)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the window is wide enough for the side-by-side card. The server (and React adopting its markup) always
 * answers false: the stacked card is what a phone, the public catalogue's Lighthouse device, gets without a shift.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

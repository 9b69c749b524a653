import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { POSITION_PARAM } from './catalog-trail.ts';

/** Links written before the position moved into the search (`#pos-12`) still pick their position. */
const hashPosition = (hash: string) =>
  hash.startsWith('#pos-') ? decodeURIComponent(hash.slice('#pos-'.length)) : null;
const noSubscription = () => () => {};
const serverHash = () => null;

/**
 * A card's selected position, kept in the address (`?pos=12`) so a reload or a shared link shows the same
 * position selected. The server renders it too (the search, unlike a hash, reaches entry-server.tsx).
 * Selecting replaces the history entry: a hundred clicks on the drawing are not a hundred "back" steps.
 */
export function useSelectedPosition(): [string | null, (positionNumber: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { hash } = useLocation();
  // The server never sees a hash: while React adopts its markup, nothing is picked by one; right after, it is.
  const fromHash = useSyncExternalStore(noSubscription, () => hashPosition(hash), serverHash);
  const selected = searchParams.get(POSITION_PARAM) ?? fromHash;
  const select = useCallback(
    (positionNumber: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (positionNumber === null) next.delete(POSITION_PARAM);
          else next.set(POSITION_PARAM, positionNumber);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [selected, select];
}

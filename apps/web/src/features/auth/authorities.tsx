import { AuthoritiesSchema } from '@care/contract/user';
import { useSyncExternalStore, type ReactNode } from 'react';
import { LOCAL } from '#app/config/storage-keys.ts';

/** Fired in this tab when the stored list changes; other tabs hear the browser's own `storage` event. */
const CHANGE_EVENT = 'care:authorities';
const EMPTY: readonly string[] = Object.freeze([]);

let cachedRaw: string | null = null;
let cachedList: readonly string[] = EMPTY;

/** SPEC §6: the authority strings kept in local storage after sign-in; anything unreadable counts as none. */
export function readAuthorities(): readonly string[] {
  const raw = localStorage.getItem(LOCAL.authorities);
  if (raw === cachedRaw) return cachedList;
  cachedRaw = raw;
  try {
    const parsed = AuthoritiesSchema.safeParse(JSON.parse(raw ?? '[]'));
    cachedList = parsed.success ? Object.freeze(parsed.data) : EMPTY;
  } catch {
    cachedList = EMPTY;
  }
  return cachedList;
}

/** Stores the list fetched at sign-in (api/user/authorities) and tells the mounted components. */
export function storeAuthorities(authorities: readonly string[]): void {
  localStorage.setItem(LOCAL.authorities, JSON.stringify(authorities));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCAL.authorities) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthorities(): readonly string[] {
  return useSyncExternalStore(subscribe, readAuthorities, () => EMPTY);
}

export function useHasAuthority(authority: string): boolean {
  return useAuthorities().includes(authority);
}

interface AuthorizedProps {
  authority: string;
  children: ReactNode;
  /** Shown instead when the authority is missing; nothing by default (SPEC §6 "an element shows only if…"). */
  fallback?: ReactNode;
}

export function Authorized({ authority, children, fallback = null }: AuthorizedProps) {
  return useHasAuthority(authority) ? children : fallback;
}

import type { DehydratedState } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import type { Namespace } from './i18n.ts';

/** The translations a public catalogue page uses (its layout, header, footer, cards and the cart button). */
export const PUBLIC_PAGE_NAMESPACES = [
  'common',
  'errors',
  'catalog',
  'layout',
  'cart',
] as const satisfies readonly Namespace[];

/** What the server sends beside a page it rendered (entry-server.tsx): the data and translations it used. */
export interface PageState {
  queries: DehydratedState;
  resources: Resource;
  language: string;
}

/** The id of the `<script type="application/json">` the server puts the state in (never executed). */
export const PAGE_STATE_ID = 'page-state';

/** The state of a page the server rendered, or null (every other page). */
export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}

import { StaffAccountQuerySchema } from '@care/contract/staff-accounts';
import { queryParamsOf } from '#app/lib/query-params.ts';
import type { StaffAccountParams } from './api.ts';

/** The list's state lives in the address (q, role, status, page, pageSize), so a filtered list can be shared. */
const KEYS = ['q', 'role', 'status', 'page', 'pageSize'] as const;
const DEFAULTS = StaffAccountQuerySchema.parse({});

/** The list call an address asks for; a value the contract refuses (a hand-edited link) is left out. */
export function staffAccountParamsOf(search: URLSearchParams): StaffAccountParams {
  return queryParamsOf(StaffAccountQuerySchema, KEYS, search);
}

/** The address of a list: defaults left out. */
export function staffAccountSearchOf(params: StaffAccountParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.role?.length) search.set('role', params.role.join(','));
  if (params.status?.length) search.set('status', params.status.join(','));
  if (params.pageSize !== DEFAULTS.pageSize) search.set('pageSize', String(params.pageSize));
  if (params.page !== DEFAULTS.page) search.set('page', String(params.page));
  return search;
}

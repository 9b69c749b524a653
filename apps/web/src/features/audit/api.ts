import { auditEndpoints, AuditQuerySchema } from '@care/contract/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '#app/lib/api-client.ts';
import { queryParamsOf } from '#app/lib/query-params.ts';

/** An audit call as the screen builds it: the page size resolved, every filter optional. */
export type AuditParams = z.output<typeof AuditQuerySchema>;

export const auditKeys = {
  all: ['audit'] as const,
  page: (params: AuditParams) => [...auditKeys.all, params] as const,
};

/**
 * The screen's whole state lives in the address under the API's own parameter names, so a link can open a
 * filtered view (a customer's page links `?subjectType=user&subjectId=12`) and the back button returns a page.
 */
const KEYS = [
  'actorId',
  'person',
  'kind',
  'from',
  'to',
  'subjectType',
  'subjectId',
  'subject',
  'cursor',
] as const;

/** The call an address asks for; a value the contract refuses (a hand-edited link) is left out. */
export function auditParamsOf(search: URLSearchParams): AuditParams {
  return queryParamsOf(AuditQuerySchema, KEYS, search);
}

/** The query string of a call (and of the address): kinds joined by commas, the default page size left out. */
export function auditSearchOf(params: Partial<AuditParams>): Record<string, string> {
  const search: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params[key];
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text) search[key] = text;
  }
  return search;
}

/** GET api/admin/audit: one page of the log, newest first. */
export const auditPageQuery = (params: AuditParams) =>
  queryOptions({
    queryKey: auditKeys.page(params),
    queryFn: ({ signal }) => callApi(auditEndpoints.list, { query: auditSearchOf(params) }, { signal }),
    // A new filter or page keeps the last one on screen until it arrives (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

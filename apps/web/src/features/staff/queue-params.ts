import { StaffQueueQuerySchema } from '@care/contract/staff';
import { queryParamsOf } from '#app/lib/query-params.ts';
import type { StaffQueueParams } from './api.ts';

/**
 * The queue's whole state lives in the address under the API's own parameter names, so a filtered queue can be
 * bookmarked or sent to a colleague, and the back button returns to the previous page.
 */
const KEYS = [
  'page',
  'pageSize',
  'sort',
  'order',
  'status',
  'reportedFrom',
  'reportedTo',
  'machine',
  'customer',
  'model',
  'changedFrom',
  'changedTo',
  'view',
  'assignee',
  'waiting',
  'priority',
  'tag',
  'guarantee',
  'code',
] as const;

export type QueueFilters = Pick<
  StaffQueueParams,
  | 'status'
  | 'reportedFrom'
  | 'reportedTo'
  | 'machine'
  | 'customer'
  | 'waiting'
  | 'view'
  | 'assignee'
  | 'priority'
  | 'tag'
  | 'guarantee'
  | 'code'
  | 'model'
  | 'changedFrom'
  | 'changedTo'
  | 'sort'
  | 'order'
>;

/** The queue call an address asks for; a value the contract refuses (a hand-edited link) is left out. */
export function queueParamsOf(search: URLSearchParams): StaffQueueParams {
  return queryParamsOf(StaffQueueQuerySchema, KEYS, search);
}

const DEFAULTS = StaffQueueQuerySchema.parse({});

/** The address of a queue: defaults are left out, so the plain queue is just /staff. */
export function queueSearchOf(params: StaffQueueParams): URLSearchParams {
  const search = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value) search.set(key, value);
  };
  set('status', params.status?.join(','));
  set('reportedFrom', params.reportedFrom);
  set('reportedTo', params.reportedTo);
  set('machine', params.machine);
  set('customer', params.customer);
  set('view', params.view === DEFAULTS.view ? undefined : params.view);
  set('assignee', params.assignee);
  set('waiting', params.waiting ? 'true' : undefined);
  set('priority', params.priority?.join(','));
  set('tag', params.tag);
  set('guarantee', params.guarantee);
  set('code', params.code);
  set('model', params.model);
  set('changedFrom', params.changedFrom);
  set('changedTo', params.changedTo);
  if (params.sort !== DEFAULTS.sort || params.order !== DEFAULTS.order) {
    set('sort', params.sort);
    set('order', params.order);
  }
  if (params.pageSize !== DEFAULTS.pageSize) set('pageSize', String(params.pageSize));
  if (params.page !== DEFAULTS.page) set('page', String(params.page));
  return search;
}

/** New filters go back to the first page (the old page number may not exist any more). */
export function withFilters(params: StaffQueueParams, filters: Partial<QueueFilters>): StaffQueueParams {
  return { ...params, ...filters, page: 1 };
}

export function activeFilterCount(params: StaffQueueParams): number {
  return [
    params.status?.length,
    params.reportedFrom,
    params.reportedTo,
    params.machine,
    params.customer,
    params.waiting,
    params.assignee,
    params.priority?.length,
    params.tag,
    params.guarantee,
    params.code,
    params.model,
    params.changedFrom || params.changedTo,
  ].filter(Boolean).length;
}

export function withoutFilters(params: StaffQueueParams): StaffQueueParams {
  // The view is a tab, not a filter: clearing the filters keeps it.
  return {
    ...DEFAULTS,
    view: params.view,
    sort: params.sort,
    order: params.order,
    pageSize: params.pageSize,
  };
}

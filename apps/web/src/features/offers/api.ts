import {
  offerEndpoints,
  type OfferRequestListQuerySchema,
  type OfferRequestStatusChange,
  type StaffOfferRequestListQuerySchema,
} from '@care/contract/offers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { addressOf, callApi } from '#app/lib/api-client.ts';

/** A list call as the screen builds it: page and size resolved, the statuses to show; newest first always. */
export type OfferRequestListParams = z.output<typeof OfferRequestListQuerySchema>;

/** The sales inbox's call: also the days the requests were sent (YYYY-MM-DD, days in Poland, both included). */
export type StaffOfferRequestListParams = z.output<typeof StaffOfferRequestListQuerySchema>;

export const offerRequestKeys = {
  all: ['offer-requests'] as const,
  lists: () => [...offerRequestKeys.all, 'list'] as const,
  list: (params: OfferRequestListParams) => [...offerRequestKeys.lists(), params] as const,
  details: () => [...offerRequestKeys.all, 'details'] as const,
  detail: (id: string) => [...offerRequestKeys.details(), id] as const,
  /** The sales inbox: every customer's requests. */
  staff: () => [...offerRequestKeys.all, 'staff'] as const,
  staffLists: () => [...offerRequestKeys.staff(), 'list'] as const,
  staffList: (params: StaffOfferRequestListParams) => [...offerRequestKeys.staffLists(), params] as const,
  staffDetail: (id: string) => [...offerRequestKeys.staff(), 'details', id] as const,
};

/** GET api/offer-requests/user-owned: one page of the customer's own offer requests, newest first. */
export const offerRequestListQuery = (params: OfferRequestListParams) =>
  queryOptions({
    queryKey: offerRequestKeys.list(params),
    queryFn: ({ signal }) => callApi(offerEndpoints.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET api/offer-requests/{id}: one of the customer's own, with items and status history. */
export const offerRequestQuery = (id: string) =>
  queryOptions({
    queryKey: offerRequestKeys.detail(id),
    queryFn: ({ signal }) => callApi(offerEndpoints.get, { params: { id } }, { signal, silent: true }),
  });

/** GET api/staff/offer-requests: the sales inbox page, newest first, by status and days sent. */
export const staffOfferRequestListQuery = (params: StaffOfferRequestListParams) =>
  queryOptions({
    queryKey: offerRequestKeys.staffList(params),
    queryFn: ({ signal }) => callApi(offerEndpoints.staffList, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET api/staff/offer-requests/{id}: any offer request with its customer's contact. */
export const staffOfferRequestQuery = (id: string) =>
  queryOptions({
    queryKey: offerRequestKeys.staffDetail(id),
    queryFn: ({ signal }) => callApi(offerEndpoints.staffGet, { params: { id } }, { signal, silent: true }),
  });

/**
 * POST api/staff/offer-requests/{id}/status. Silent: the screen shows a refused change (INVALID_STATUS_TRANSITION,
 * e.g. a colleague moved it first) itself; the request is fetched again after one, so the buttons match it.
 */
export function useChangeOfferRequestStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OfferRequestStatusChange) =>
      callApi(offerEndpoints.changeStatus, { params: { id }, body: change }, { silent: true }),
    onSuccess: (updated) => {
      queryClient.setQueryData(offerRequestKeys.staffDetail(id), updated);
      return queryClient.invalidateQueries({ queryKey: offerRequestKeys.staffLists() });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: offerRequestKeys.staffDetail(id) }),
  });
}

/** The download paths of an offer request's files: the customer's own, and any for parts sales. */
export const offerAttachmentPath = (id: string, fileId: string) =>
  addressOf(offerEndpoints.attachment, { id, fileId });
export const staffOfferAttachmentPath = (id: string, fileId: string) =>
  addressOf(offerEndpoints.staffAttachment, { id, fileId });

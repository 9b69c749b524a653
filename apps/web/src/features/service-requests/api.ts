import { UPLOAD_FILE_FIELD } from '@care/contract/files';
import {
  type NewServiceRequestFields,
  type ServiceRequestDetails,
  serviceRequestEndpoints,
  type ServiceRequestListQuerySchema,
} from '@care/contract/service-requests';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { addressOf, callApi } from '#app/lib/api-client.ts';
import { i18n } from '#app/lib/i18n.ts';
import { uploadTo } from '#app/lib/upload.ts';

/** A list call as the table builds it: every parameter resolved (page, size, sort, order), filters optional. */
export type ServiceRequestListParams = z.output<typeof ServiceRequestListQuerySchema>;

export const serviceRequestKeys = {
  all: ['service-requests'] as const,
  lists: () => [...serviceRequestKeys.all, 'list'] as const,
  list: (query: ServiceRequestListParams) => [...serviceRequestKeys.lists(), query] as const,
  details: () => [...serviceRequestKeys.all, 'details'] as const,
  detail: (id: string) => [...serviceRequestKeys.details(), id] as const,
  elements: () => [...serviceRequestKeys.all, 'elements'] as const,
};

/** GET api/service-requests/user-owned: one page of the customer's requests, with unread counts. */
export const serviceRequestListQuery = (query: ServiceRequestListParams) =>
  queryOptions({
    queryKey: serviceRequestKeys.list(query),
    queryFn: ({ signal }) => callApi(serviceRequestEndpoints.list, { query }, { signal }),
    // Paging and sorting keep the last page on screen until the next one arrives (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

/** GET api/service-requests/{id}: every field of the request (SPEC §8 'service-load-error' on failure). */
export const serviceRequestQuery = (id: string) =>
  queryOptions({
    queryKey: serviceRequestKeys.detail(id),
    queryFn: ({ signal }) =>
      callApi(serviceRequestEndpoints.get, { params: { id } }, { signal, silent: true }),
  });

/** GET api/service-requests/elements: the new-request form's choices and the server's upload limits. */
export const elementsQuery = queryOptions({
  queryKey: serviceRequestKeys.elements(),
  queryFn: ({ signal }) =>
    callApi(serviceRequestEndpoints.elements, {}, { signal, errorMessage: i18n.t('errors:unexpected') }),
  staleTime: 5 * 60_000,
});

type ProgressReporter = (loaded: number, total: number) => void;

/** The multipart body of an upload: text fields first (the server reads them before the files), then the files. */
function multipart(fields: Record<string, string | undefined>, files: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  for (const file of files) body.append(UPLOAD_FILE_FIELD, file, file.name);
  return body;
}

export interface NewServiceRequestSend {
  fields: NewServiceRequestFields;
  files: readonly File[];
  onProgress?: ProgressReporter;
}

/**
 * POST api/service-requests/new-request: the fields and every file in one request, so the request exists with all
 * its files or not at all. The caller shows the failure (the form keeps what was typed and picked).
 */
export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files, onProgress }: NewServiceRequestSend) =>
      uploadTo(serviceRequestEndpoints.create, undefined, multipart(fields, files), {
        silent: true,
        onProgress,
      }),
    onSuccess: (created) => {
      queryClient.setQueryData(serviceRequestKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: serviceRequestKeys.lists() });
    },
  });
}

export interface AppendixSend {
  file: File;
  onProgress?: ProgressReporter;
}

/**
 * POST api/service-requests/{id}/appendices with one file: each file is its own upload, so on a weak link a
 * failure costs only that file. The answer's attachment list replaces the held one.
 */
export function useAddAppendix(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: AppendixSend) =>
      uploadTo(serviceRequestEndpoints.addAppendices, { id }, multipart({}, [file]), {
        silent: true,
        onProgress,
      }),
    onSuccess: ({ attachments }) =>
      queryClient.setQueryData<ServiceRequestDetails>(serviceRequestKeys.detail(id), (details) =>
        details ? { ...details, attachments } : details,
      ),
  });
}

/** The download address of an attachment (always sent as a file, never shown inline). */
export const attachmentPath = (id: string, fileId: string) =>
  addressOf(serviceRequestEndpoints.attachment, { id, fileId });

/**
 * POST api/service-requests/{id}/withdrawal: the customer withdraws a request still pending (N → X, docs/design.md).
 * The request and the lists are fetched again: the history has a new entry.
 */
export function useWithdrawServiceRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(serviceRequestEndpoints.withdraw, { params: { id } }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all }),
  });
}

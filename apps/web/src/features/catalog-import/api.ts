import {
  type CatalogImportFailure,
  CatalogImportFailureSchema,
  catalogImportEndpoints,
  type CatalogImportResult,
  CatalogImportResultSchema,
} from '@care/contract/catalog-import';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '#app/config/runtime-config.ts';
import { addressOf, callApi, failedCall, unansweredCall } from '#app/lib/api-client.ts';
import { i18n } from '#app/lib/i18n.ts';

export const catalogImportKeys = {
  all: ['catalog-imports'] as const,
  history: () => [...catalogImportKeys.all, 'history'] as const,
};

/** GET api/admin/catalog-imports: the latest imports and checks, newest first. */
export const catalogImportHistoryQuery = queryOptions({
  queryKey: catalogImportKeys.history(),
  queryFn: ({ signal }) => callApi(catalogImportEndpoints.history, {}, { signal }),
});

export interface CatalogImportFiles {
  document: File | null;
  parts: File | null;
  attachments: File[];
}

export type CatalogImportOutcome =
  { kind: 'done'; result: CatalogImportResult } | { kind: 'problems'; failure: CatalogImportFailure };

const PATH = addressOf(catalogImportEndpoints.import);

/**
 * POST api/admin/catalog-imports. A 422 is an answer here, not a failure: its body lists the problems, which
 * the shared client would reduce to the error code, so this one call reads the body itself; every other
 * error goes through the client's handling (notice, 401). XMLHttpRequest like lib/upload.ts, which sends the
 * browser's FormData everywhere fetch does not (jsdom).
 */
function postImport(files: CatalogImportFiles, dryRun: boolean): Promise<CatalogImportOutcome> {
  const body = new FormData();
  body.set('dryRun', String(dryRun));
  if (files.document) body.append('document', files.document);
  if (files.parts) body.append('parts', files.parts);
  for (const file of files.attachments) body.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(apiUrl(PATH), window.location.origin).href);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', i18n.language);
    xhr.addEventListener('load', () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): handled as a failed call below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const result = CatalogImportResultSchema.safeParse(answer);
        if (result.success) return resolve({ kind: 'done', result: result.data });
      }
      const failure = CatalogImportFailureSchema.safeParse(answer);
      if (xhr.status === 422 && failure.success) return resolve({ kind: 'problems', failure: failure.data });
      reject(failedCall(PATH, xhr.status, answer));
    });
    xhr.addEventListener('error', () => reject(unansweredCall()));
    xhr.send(body);
  });
}

/** Checks (dryRun) or imports the chosen files; the history shows the run afterwards either way. */
export function useCatalogImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, dryRun }: { files: CatalogImportFiles; dryRun: boolean }) =>
      postImport(files, dryRun),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogImportKeys.all }),
  });
}

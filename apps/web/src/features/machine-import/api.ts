import {
  type MachineImport,
  type MachineImportFailure,
  machineImportEndpoints,
  MachineImportFailureSchema,
  MachineImportSchema,
} from '@care/contract/machine-import';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '#app/config/runtime-config.ts';
import { addressOf, callApi, failedCall, unansweredCall } from '#app/lib/api-client.ts';
import { i18n } from '#app/lib/i18n.ts';

export const machineImportKeys = {
  all: ['machine-imports'] as const,
  history: () => [...machineImportKeys.all, 'history'] as const,
};

/** How often the screen asks for the running import's rows read while an upload runs. */
export const PROGRESS_POLL_MS = 1000;

/** GET api/admin/machine-imports: the latest imports, newest first; a running one with its rows read so far. */
export const machineImportHistoryQuery = queryOptions({
  queryKey: machineImportKeys.history(),
  queryFn: ({ signal }) => callApi(machineImportEndpoints.history, {}, { signal }),
});

export type MachineImportOutcome =
  { kind: 'done'; result: MachineImport } | { kind: 'problems'; failure: MachineImportFailure };

/**
 * POST api/admin/machine-imports. A 422 is an answer here (its body lists the bad rows), so this one call
 * reads the body itself, like the catalogue import; XMLHttpRequest for its upload progress events.
 */
function postImport(
  file: File,
  dryRun: boolean,
  onUpload: (fraction: number) => void,
): Promise<MachineImportOutcome> {
  const body = new FormData();
  body.append('file', file);
  const path = `${addressOf(machineImportEndpoints.import)}?dryRun=${dryRun}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(apiUrl(path), window.location.origin).href);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', i18n.language);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onUpload(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page): handled as a failed call below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const result = MachineImportSchema.safeParse(answer);
        if (result.success) return resolve({ kind: 'done', result: result.data });
      }
      const failure = MachineImportFailureSchema.safeParse(answer);
      if (xhr.status === 422 && failure.success) return resolve({ kind: 'problems', failure: failure.data });
      reject(failedCall(path, xhr.status, answer));
    });
    xhr.addEventListener('error', () => reject(unansweredCall()));
    xhr.send(body);
  });
}

/** Checks (dryRun) or imports the chosen file; the history shows the run afterwards either way. */
export function useMachineImport(onUpload: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => postImport(file, dryRun, onUpload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: machineImportKeys.all }),
  });
}

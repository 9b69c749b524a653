import type { EndpointDefinition, InputOf, ParsedSuccessOf } from '@care/contract/endpoint';
import { UPLOAD_FILE_TYPES, type UploadLimits } from '@care/contract/files';
import type { z } from 'zod';
import { apiUrl } from '#app/config/runtime-config.ts';
import {
  addressOf,
  ApiRequestError,
  failedCall,
  type RequestOptions,
  successSchemaOf,
  unansweredCall,
} from './api-client.ts';
import { i18n } from './i18n.ts';

export interface UploadOptions<S extends z.ZodType> extends Pick<
  RequestOptions<S>,
  'schema' | 'errorMessage' | 'silent' | 'signal'
> {
  /** Bytes of the whole body sent so far; `total` includes the multipart framing. */
  onProgress?: (loaded: number, total: number) => void;
  /** Give up when no byte has moved for this long (default UPLOAD_STALL_MS). */
  stallMs?: number;
}

/**
 * A dead mobile link often leaves an upload hanging instead of failing. One whose bytes have not moved for this
 * long is given up as a network failure, so the person gets "Retry" instead of a bar that never moves.
 */
export const UPLOAD_STALL_MS = 45_000;

/**
 * POSTs a multipart body like request() does (same URL, cookies, errors and notices), but through
 * XMLHttpRequest: fetch reports no upload progress, and a farmer on a slow link needs to see it move.
 */
export function upload<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  body: FormData,
  { schema, errorMessage, silent, signal, onProgress, stallMs = UPLOAD_STALL_MS }: UploadOptions<S> = {},
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(apiUrl(path), window.location.origin).href);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', i18n.language);
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, stallMs);
    };
    xhr.upload.addEventListener('progress', (event) => {
      watch();
      if (onProgress && event.lengthComputable) onProgress(event.loaded, event.total);
    });
    // Every byte is out: the server is storing the files now, which is not a stall.
    xhr.upload.addEventListener('load', () => clearTimeout(watchdog));
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => {
      clearTimeout(watchdog);
      signal?.removeEventListener('abort', abort);
    };

    xhr.addEventListener('load', () => {
      settle();
      let answer: unknown = undefined;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        answer = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failedCall(path, xhr.status, answer, { errorMessage, silent }));
        return;
      }
      try {
        resolve(schema ? schema.parse(answer) : (undefined as z.output<S>));
      } catch (error) {
        reject(error as Error);
      }
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(unansweredCall({ errorMessage, silent }));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(
        stalled
          ? unansweredCall({ errorMessage, silent })
          : new DOMException('The upload was aborted.', 'AbortError'),
      );
    });
    watch();
    xhr.send(body);
  });
}

/** upload() to an endpoint of the table: its address with the parameters filled in, its answer parsed by its schema. */
export function uploadTo<E extends EndpointDefinition>(
  endpoint: E,
  params: InputOf<E>['params'] | undefined,
  body: FormData,
  options: Omit<UploadOptions<z.ZodType>, 'schema'> = {},
): Promise<ParsedSuccessOf<E>> {
  return upload(addressOf(endpoint, params), body, {
    ...options,
    schema: successSchemaOf(endpoint),
  }) as Promise<ParsedSuccessOf<E>>;
}

/** Why a file would be refused before it is sent (the server checks again, by the file's bytes). */
export type FileProblem = 'type' | 'size' | 'empty';

/**
 * Why a picked file cannot go, said the same way wherever files are picked (components/feedback/refused-files.tsx):
 * a problem of the file itself, `count` (more files than one upload may carry) or `total` (together too large).
 */
export type Refusal = FileProblem | 'count' | 'total';

/** The error codes with which the server refuses a file for a reason the browser checks as well. */
const REFUSAL_OF_CODE: Partial<Record<string, Refusal>> = {
  FILE_TYPE_NOT_ALLOWED: 'type',
  FILE_TOO_LARGE: 'size',
  FILE_EMPTY: 'empty',
  TOO_MANY_FILES: 'count',
  REQUEST_TOO_LARGE: 'total',
};

/**
 * The server's refusal of an uploaded file as the browser's own check would have put it (a photo whose bytes are
 * no image passes the browser's check by its name), or null for any other failure, which sending again may cure.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiRequestError) || !error.body) return null;
  return REFUSAL_OF_CODE[error.body.code] ?? null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * The checks of the server's limits that a browser can make before uploading: size, emptiness, and type by the
 * browser's type or the name's extension (phones often send HEIC photos without a type).
 */
export function fileProblem(file: File, limits: UploadLimits): FileProblem | null {
  const knownType = file.type !== '' && limits.contentTypes.includes(file.type.toLowerCase());
  if (!knownType && !limits.extensions.includes(extensionOf(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > limits.maxFileBytes) return 'size';
  return null;
}

/** `accept` of a file picker: the families the phone shows the camera and gallery for; fileProblem() narrows. */
export const FILE_PICKER_ACCEPT = 'image/*,application/pdf,video/mp4';

/** A size for people: "850 KB", "12.4 MB" (decimal point per language). */
export function formatFileSize(bytes: number, language: string): string {
  const kb = bytes / 1024;
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  if (kb < 1024) return `${format(Math.max(kb, 0.1), kb < 10 ? 1 : 0)} KB`;
  return `${format(kb / 1024, 1)} MB`;
}

/** "JPG, PNG, …": the accepted types as people know them (their usual extension), from the server's limits. */
export function uploadTypeNames(limits: UploadLimits): string {
  const names = limits.contentTypes.map((type) => {
    const known = UPLOAD_FILE_TYPES.find((entry) => entry.contentType === type);
    return (known?.extensions[0] ?? type).replace(/^\./, '').toUpperCase();
  });
  return [...new Set(names)].join(', ');
}

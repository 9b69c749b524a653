/**
 * Multipart uploads: files stream into the store as they arrive (never buffered whole in memory), text fields
 * are collected. The contract between a route and this module:
 *
 *   uploadLimitsOf(env: Env): UploadLimits
 *   receiveUploads(request, store, limits, quota?: UploadQuota): Promise<ReceivedUploads>
 *   recordFiles(tx: Db, uploads: readonly Upload[], uploaderId: number): Promise<RecordedFile[]>
 *   discardUploads(store: FileStore, uploads: readonly Upload[]): Promise<void>
 *   keepUploadsIf<T>(store: FileStore, uploads: readonly Upload[], work: () => Promise<T>): Promise<T>
 *
 * receiveUploads refuses a file by content type (FILE_TYPE_NOT_ALLOWED), size (FILE_TOO_LARGE, FILE_EMPTY) or
 * count (TOO_MANY_FILES), and all files together by size (REQUEST_TOO_LARGE); whatever fails, including a
 * client that goes away halfway, every file it already wrote is removed before the error is thrown. With a quota
 * (plugins/quotas.ts startUploadQuota) the upload also stops where the user's volume of the day runs out
 * (UPLOAD_QUOTA_EXCEEDED, 429), and its bytes count against that volume once all are stored. The caller
 * then inserts the rows with recordFiles inside its transaction and, if that transaction fails, discards the
 * uploads; keepUploadsIf does both: no record without its file, no file without its record.
 *
 * Fields should come before the files in the body (the web's FormData does so), but order does not matter here:
 * the route validates the fields after receiveUploads returns, and discards the files if they are not valid.
 */
import { UPLOAD_FILE_FIELD, type UploadContentType } from '@care/contract/files';
// The plugin's declarations add request.parts() and request.isMultipart().
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { files } from '#app/db/schema/files.ts';
import { AppError } from '#app/plugins/errors.ts';
import { refuseUnstorableText } from '#app/plugins/input-guard.ts';
import type { UploadQuota } from '#app/plugins/quotas.ts';
import { detectFileType, type DetectedFileType, fileNameFor, SNIFF_BYTES } from './file-types.ts';
import type { FileStore, StoredObject } from './file-store.ts';

export interface UploadLimits {
  maxFileBytes: number;
  maxRequestBytes: number;
  maxFiles: number;
}

const MB = 1024 * 1024;

export function uploadLimitsOf(env: Env): UploadLimits {
  return {
    maxFileBytes: env.UPLOAD_MAX_FILE_MB * MB,
    maxRequestBytes: env.UPLOAD_MAX_REQUEST_MB * MB,
    maxFiles: env.UPLOAD_MAX_FILES,
  };
}

/** A file written to the store and not yet recorded in the database. */
export interface Upload extends StoredObject {
  /** The uploader's file name, cleaned and ending in an extension of its real type (file-types.ts). */
  originalName: string;
  contentType: UploadContentType;
  /** When the last byte was stored; strictly increasing within one request, so it orders the files as sent. */
  storedAt: Date;
}

export interface ReceivedUploads {
  /** Text fields by name (a repeated name keeps its last value). */
  fields: Record<string, string>;
  /** In the order they were sent. */
  files: Upload[];
}

/** Text fields are short form values; these bound what a client can make the server hold. */
const MAX_FIELDS = 30;
const MAX_FIELD_BYTES = 64 * 1024;

const MULTIPART_ERRORS: Record<string, AppError['code']> = {
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Busboy's and the plugin's errors as our codes; a broken or cut-off body is a BAD_REQUEST (also used by the
 * catalogue import, which reads its own parts).
 */
export function uploadErrorOf(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  const mapped = code ? MULTIPART_ERRORS[code] : undefined;
  if (mapped) return new AppError(mapped);
  // The plugin's other errors (e.g. a premature close) and busboy's parse errors, which carry no code.
  const malformed = /Unexpected end of|Malformed|terminated early|Boundary not found/i;
  if (error instanceof Error && (code?.startsWith('FST_') || (!code && malformed.test(error.message)))) {
    return new AppError('BAD_REQUEST', 'The multipart body is malformed or incomplete.');
  }
  return error;
}

interface Counter {
  requestBytes: number;
}

/**
 * The file's bytes, checked on the way to the store: the first SNIFF_BYTES are held back until the type is
 * known, so a refused file never gets further than memory; sizes are checked chunk by chunk.
 */
async function* checked(
  file: AsyncIterable<Buffer>,
  name: string,
  limits: UploadLimits,
  counter: Counter,
  found: { type?: DetectedFileType },
  quota: UploadQuota | undefined,
): AsyncGenerator<Buffer> {
  let head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const detect = async () => {
    const type = await detectFileType(Buffer.concat(head));
    if (!type) throw new AppError('FILE_TYPE_NOT_ALLOWED', `"${name}" is not a file type we accept.`);
    found.type = type;
  };
  for await (const chunk of file) {
    size += chunk.length;
    counter.requestBytes += chunk.length;
    if (size > limits.maxFileBytes) {
      throw new AppError('FILE_TOO_LARGE', `"${name}" is larger than ${limits.maxFileBytes / MB} MB.`);
    }
    if (counter.requestBytes > limits.maxRequestBytes) throw new AppError('REQUEST_TOO_LARGE');
    if (quota && counter.requestBytes > quota.remainingBytes) throw quota.exceeded();
    if (found.type) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes >= SNIFF_BYTES) {
      await detect();
      yield* head;
      head = [];
    }
  }
  if (size === 0) throw new AppError('FILE_EMPTY', `"${name}" is empty.`);
  if (!found.type) {
    await detect();
    yield* head;
  }
}

/** Streams every part of a multipart request: files into the store, fields into an object. */
export async function receiveUploads(
  request: FastifyRequest,
  store: FileStore,
  limits: UploadLimits,
  quota?: UploadQuota,
): Promise<ReceivedUploads> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  const counter: Counter = { requestBytes: 0 };
  try {
    const options = {
      // One byte over the limit, so that checked() sees an oversized file as such (busboy stops there).
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: limits.maxFiles + MAX_FIELDS,
      },
      // checked() answers an oversized file itself (the plugin reads this option, its typings omit it).
      throwFileSizeLimit: false,
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
        fields[part.fieldname] = String(part.value);
        refuseUnstorableText({ [part.fieldname]: fields[part.fieldname] });
        continue;
      }
      if (part.fieldname !== UPLOAD_FILE_FIELD) {
        throw new AppError('BAD_REQUEST', `Files go in the "${UPLOAD_FILE_FIELD}" field.`);
      }
      // An empty file input of an HTML form sends a part without a name or content: nothing was chosen.
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      // Browsers send the name as UTF-8 with a double quote written %22 (WHATWG HTML multipart encoding).
      const name = part.filename.replace(/%22/g, '"');
      const found: { type?: DetectedFileType } = {};
      const stored = await store.write(checked(part.file, name, limits, counter, found, quota));
      const previous = uploads.at(-1)?.storedAt.getTime() ?? 0;
      uploads.push({
        ...stored,
        originalName: fileNameFor(name, found.type!),
        contentType: found.type!.contentType,
        storedAt: new Date(Math.max(Date.now(), previous + 1)),
      });
    }
    await quota?.spend(counter.requestBytes);
  } catch (error) {
    await discardUploads(store, uploads);
    throw uploadErrorOf(error);
  }
  return { fields, files: uploads };
}

export interface RecordedFile {
  id: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
}

/** Inserts the files' rows (in the caller's transaction); answers them in the order of `uploads`. */
export async function recordFiles(
  tx: Db,
  uploads: readonly Upload[],
  uploaderId: number,
): Promise<RecordedFile[]> {
  if (uploads.length === 0) return [];
  const rows = await tx
    .insert(files)
    .values(
      uploads.map((upload) => ({
        storageKey: upload.storageKey,
        originalName: upload.originalName,
        contentType: upload.contentType,
        sizeBytes: upload.sizeBytes,
        sha256: upload.sha256,
        uploadedBy: uploaderId,
        createdAt: upload.storedAt,
      })),
    )
    .returning({
      id: files.id,
      storageKey: files.storageKey,
      originalName: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      createdAt: files.createdAt,
    });
  const byKey = new Map(rows.map(({ storageKey, ...row }) => [storageKey, row]));
  return uploads.map((upload) => byKey.get(upload.storageKey)!);
}

/** Removes uploads whose rows were never committed. A file that cannot be removed is left, not fatal. */
export async function discardUploads(store: FileStore, uploads: readonly Upload[]): Promise<void> {
  await Promise.allSettled(uploads.map((upload) => store.remove(upload.storageKey)));
}

/** Runs `work` (the transaction that records the uploads); if it fails, the uploads are discarded. */
export async function keepUploadsIf<T>(
  store: FileStore,
  uploads: readonly Upload[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardUploads(store, uploads);
    throw error;
  }
}

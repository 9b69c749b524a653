/**
 * Sending a stored file. The caller has already checked that the person may read it (the row that links the
 * file to something they own, or their staff role).
 *
 *   sendFile(reply: FastifyReply, store: FileStore, file: DownloadableFile): Promise<FastifyReply>
 *   contentDisposition(name: string): string
 *
 * Always a download (Content-Disposition: attachment, never inline), with the type detected at upload,
 * X-Content-Type-Options: nosniff and a sandboxing CSP, so that no uploaded file can run as a page of the portal.
 */
import type { FastifyReply } from 'fastify';
import { files } from '#app/db/schema/files.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { FileStore } from './file-store.ts';

export interface DownloadableFile {
  storageKey: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** The columns of `files` a download needs, for the statement that also checks who may read it. */
export const downloadableFileColumns = {
  storageKey: files.storageKey,
  originalName: files.originalName,
  contentType: files.contentType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
};

/** RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * unescaped, which a header value must escape. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266): every current
 * browser takes filename*, so "Łożysko – zdjęcie.jpg" arrives intact; the fallback only replaces what old
 * clients cannot read.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * The headers every download carries (also a picture made of a stored file, features/workshop): a file, never a
 * page. True when the browser's copy is current (If-None-Match): the caller answers 304 without reading anything.
 */
export function setDownloadHeaders(
  reply: FastifyReply,
  download: { name: string; contentType: string; etag: string },
): boolean {
  reply
    .header('content-disposition', contentDisposition(download.name))
    .header('content-type', download.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    // A stored file never changes: the browser may keep it, but only for this person (never a shared cache).
    .header('cache-control', 'private, max-age=86400')
    .header('etag', download.etag);
  const ifNoneMatch = reply.request.headers['if-none-match'];
  return Boolean(ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === download.etag));
}

export async function sendFile(
  reply: FastifyReply,
  store: FileStore,
  file: DownloadableFile,
): Promise<FastifyReply> {
  const etag = `"${file.sha256}"`;
  if (setDownloadHeaders(reply, { name: file.originalName, contentType: file.contentType, etag })) {
    return reply.status(304).send();
  }
  let stream;
  try {
    stream = await store.read(file.storageKey);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
    // A row without its bytes: lost storage, worth an operator's attention, but for the person simply not there.
    reply.request.log.error({ storageKey: file.storageKey }, 'stored file is missing');
    throw new AppError('NOT_FOUND');
  }
  return reply.header('content-length', file.sizeBytes).send(stream);
}

import { z } from 'zod';
import type { ErrorStatus } from './endpoint.ts';

/*
 * Uploaded files (service request attachments, chat files). The server decides a file's type from its first
 * bytes, never from its name or the browser's header, and accepts only the types below. Downloads are always
 * `Content-Disposition: attachment`.
 */

/** The accepted file types with the extensions a file picker may offer for them. */
export const UPLOAD_FILE_TYPES = [
  { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  { contentType: 'image/png', extensions: ['.png'] },
  { contentType: 'image/webp', extensions: ['.webp'] },
  { contentType: 'image/heic', extensions: ['.heic'] },
  { contentType: 'image/heif', extensions: ['.heif'] },
  { contentType: 'application/pdf', extensions: ['.pdf'] },
  { contentType: 'video/mp4', extensions: ['.mp4'] },
] as const;

export type UploadContentType = (typeof UPLOAD_FILE_TYPES)[number]['contentType'];
export const UPLOAD_CONTENT_TYPES: UploadContentType[] = UPLOAD_FILE_TYPES.map((t) => t.contentType);
export const UPLOAD_EXTENSIONS = UPLOAD_FILE_TYPES.flatMap((t) => t.extensions);
/** For `<input type="file" accept>` and dropzones: every type and extension. */
export const UPLOAD_ACCEPT = [...UPLOAD_CONTENT_TYPES, ...UPLOAD_EXTENSIONS].join(',');

/** The multipart field name of files (any other field is a text field). */
export const UPLOAD_FILE_FIELD = 'files';

/**
 * The error statuses of every upload endpoint besides its own: a closed container (409), too large or too many
 * (413), a refused type (415), the day's upload volume used up (429).
 */
export const UPLOAD_ERROR_STATUSES = [409, 413, 415, 429] as const satisfies readonly ErrorStatus[];

/** The server's defaults (env UPLOAD_MAX_FILE_MB, UPLOAD_MAX_REQUEST_MB, UPLOAD_MAX_FILES); see UploadLimits. */
export const UPLOAD_DEFAULT_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRequestBytes: 100 * 1024 * 1024,
  maxFiles: 10,
} as const;

/** The limits the server applies now (answered with the form's choices, so a form can check before uploading). */
export const UploadLimitsSchema = z.object({
  maxFileBytes: z.number().int().positive(),
  maxRequestBytes: z.number().int().positive(),
  /** Files in one upload (one new request, one set of appendices). */
  maxFiles: z.number().int().positive(),
  contentTypes: z.array(z.string()),
  extensions: z.array(z.string()),
});
export type UploadLimits = z.infer<typeof UploadLimitsSchema>;

/** A stored file as lists show it; `name` is the uploader's file name (with the detected type's extension). */
export const FileMetadataSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().min(1),
  /** ISO date-time. */
  addedAt: z.iso.datetime(),
});
export type FileMetadata = z.infer<typeof FileMetadataSchema>;

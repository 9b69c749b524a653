import { z } from 'zod';
import { endpoints, IdParam, IdParams } from './endpoint.ts';
import { LANGUAGES } from './locales.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';

/*
 * The workshop (issue 18): pictures of a request's attachments for browsers, and the printable job sheet
 * (docs/decisions/067-workshop-pictures-and-job-sheet.md).
 */

/**
 * Pictures the server makes of an image attachment: a small tile for grids and a larger one for the viewer. Both
 * are WebP, whatever the original (a phone's HEIC included); the original stays downloadable as it was sent.
 */
export const ATTACHMENT_RENDITIONS = ['thumbnail', 'preview'] as const;
export type AttachmentRendition = (typeof ATTACHMENT_RENDITIONS)[number];

/** The longest side of each rendition in pixels (never enlarged). */
export const RENDITION_MAX_SIDE: Record<AttachmentRendition, number> = { thumbnail: 320, preview: 1600 };

/** The uploaded types the server makes renditions of; others (PDF, MP4) show as a tile with an icon. */
export const RENDITION_SOURCE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
];

export const hasRendition = (contentType: string): boolean => RENDITION_SOURCE_TYPES.includes(contentType);

export const AttachmentRenditionParamsSchema = z.object({
  id: IdParam,
  fileId: z.uuid(),
  rendition: z.enum(ATTACHMENT_RENDITIONS),
});

/** The job sheet's labels are in this language (the staff member's screen language; Polish by default). */
export const JobSheetQuerySchema = z.object({ language: z.enum(LANGUAGES).default('pl') });

export const workshopEndpoints = endpoints('workshop', {
  attachmentRendition: {
    method: 'GET',
    path: '/api/service-requests/:id/attachments/:fileId/:rendition',
    summary: 'A picture (WebP) of an image attachment for browsers: a grid tile or the viewer size',
    description:
      'The same access as the attachment itself. 404 also when no picture can be made of the file (a broken ' +
      'or unreadable image): the web shows a file icon, and the original stays downloadable.',
    access: 'signed-in',
    params: AttachmentRenditionParamsSchema,
    responses: { 200: 'file', 304: null },
  },
  jobSheet: {
    method: 'GET',
    path: '/api/staff/service-requests/:id/job-sheet',
    summary: "The request's job sheet for the workshop as a PDF (A4)",
    access: { roles: SERVICE_STAFF_ROLES },
    params: IdParams,
    query: JobSheetQuerySchema,
    responses: { 200: 'file' },
  },
});

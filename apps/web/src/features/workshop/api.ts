import type { Language } from '@care/contract/locales';
import { serviceRequestEndpoints } from '@care/contract/service-requests';
import { type AttachmentRendition, workshopEndpoints } from '@care/contract/workshop';
import { apiUrl } from '#app/config/runtime-config.ts';
import { addressOf } from '#app/lib/api-client.ts';

/** The original file (always a download; a video plays from it too). */
export const attachmentUrl = (requestId: string, fileId: string) =>
  apiUrl(addressOf(serviceRequestEndpoints.attachment, { id: requestId, fileId }));

/** A WebP picture the server makes of an image attachment (HEIC included): a grid tile or the viewer's size. */
export const renditionUrl = (requestId: string, fileId: string, rendition: AttachmentRendition) =>
  apiUrl(addressOf(workshopEndpoints.attachmentRendition, { id: requestId, fileId, rendition }));

/** The job sheet PDF (service staff), its labels in the given language. */
export const jobSheetPdfUrl = (requestId: string, language: Language) =>
  `${apiUrl(addressOf(workshopEndpoints.jobSheet, { id: requestId }))}?language=${language}`;

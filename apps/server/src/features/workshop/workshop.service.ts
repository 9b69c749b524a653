import type { Language } from '@care/contract/locales';
import { hasRendition } from '@care/contract/workshop';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/client.ts';
import { getAttachmentFile } from '#app/features/service-requests/attachments.service.ts';
import { getStaffServiceRequest } from '#app/features/staff/staff-requests.service.ts';
import type { Actor } from '#app/plugins/session.ts';
import { type JobSheetPhoto, renderJobSheet } from './job-sheet.pdf.ts';
import { loadSharp } from './libraries.ts';
import type { Renditions } from './renditions.ts';

export interface JobSheetFile {
  name: string;
  pdf: Buffer;
}

/**
 * GET api/staff/service-requests/{id}/job-sheet: the request as the staff page shows it, with its image
 * attachments as thumbnails (a file no picture can be made of gets an empty frame with its name). Unknown id:
 * NOT_FOUND. The caller has checked the staff role.
 */
export async function getJobSheet(
  db: Db,
  renditions: Renditions,
  actor: Actor,
  id: number,
  options: { language: Language; brand: string; log: FastifyBaseLogger },
): Promise<JobSheetFile> {
  const request = await getStaffServiceRequest(db, id);
  const photos: JobSheetPhoto[] = [];
  for (const attachment of request.attachments.filter((a) => hasRendition(a.contentType))) {
    const file = await getAttachmentFile(db, actor, id, attachment.id);
    const thumbnail = await renditions.get(file, 'thumbnail', options.log);
    // pdfkit embeds JPEG and PNG only; the WebP tile is small, so converting it again is cheap.
    const picture = thumbnail ? await (await loadSharp())(thumbnail).jpeg({ quality: 85 }).toBuffer() : null;
    photos.push({ name: attachment.name, picture });
  }
  const pdf = await renderJobSheet({
    request,
    photos,
    language: options.language,
    brand: options.brand,
    printedAt: new Date(),
  });
  // A code has slashes (SR/2026/000123), which no file name may.
  return { name: `${request.code.replaceAll('/', '-')}.pdf`, pdf };
}

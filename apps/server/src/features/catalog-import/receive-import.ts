/**
 * The admin upload: the JSON (`document`), the parts CSV (`parts`) and the images and drawings they name
 * (`file`, repeated), plus the field `dryRun`. Held in memory, within CATALOG_IMPORT_* limits: the files
 * are checked and stored only by the import itself (a million-part CSV goes through the command line).
 */
import {
  CATALOG_IMPORT_MAX_FILE_MB,
  CATALOG_IMPORT_MAX_FILES,
  CATALOG_IMPORT_MAX_REQUEST_MB,
} from '@care/contract/catalog-import';
import type { FastifyRequest } from 'fastify';
import { uploadErrorOf } from '#app/files/uploads.ts';
import { AppError } from '#app/plugins/errors.ts';

const MB = 1024 * 1024;

export interface ReceivedImport {
  dryRun: boolean;
  json?: { name: string; text: string };
  csv?: { name: string; text: string };
  files: { name: string; content: Buffer }[];
}

export async function receiveImport(request: FastifyRequest): Promise<ReceivedImport> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const received: ReceivedImport = { dryRun: false, files: [] };
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: CATALOG_IMPORT_MAX_FILE_MB * MB,
        files: CATALOG_IMPORT_MAX_FILES + 2,
        fields: 5,
        fieldSize: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'dryRun') received.dryRun = String(part.value) === 'true';
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        total += chunk.length;
        if (total > CATALOG_IMPORT_MAX_REQUEST_MB * MB) throw new AppError('REQUEST_TOO_LARGE');
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', `"${part.filename}" is too large.`);
      const name = (part.filename || part.fieldname).replace(/%22/g, '"');
      const content = Buffer.concat(chunks);
      if (part.fieldname === 'document') received.json = { name, text: content.toString('utf8') };
      else if (part.fieldname === 'parts') received.csv = { name, text: content.toString('utf8') };
      else if (part.fieldname === 'file') {
        if (received.files.length >= CATALOG_IMPORT_MAX_FILES) throw new AppError('TOO_MANY_FILES');
        if (content.length) received.files.push({ name, content });
      } else throw new AppError('BAD_REQUEST', 'Files go in "document", "parts" or "file".');
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('TOO_MANY_FILES');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    // A broken or cut-off multipart body is the client's fault (400), not an internal error.
    throw uploadErrorOf(error);
  }
  if (!received.json && !received.csv) throw new AppError('FILES_REQUIRED');
  return received;
}

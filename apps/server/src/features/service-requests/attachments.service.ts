import {
  type AppendicesResponse,
  isFinalStatus,
  type ServiceRequestDetails,
} from '@care/contract/service-requests';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { files } from '#app/db/schema/files.ts';
import { serviceRequestAttachments, serviceRequests } from '#app/db/schema/service-requests.ts';
import { type DownloadableFile, downloadableFileColumns } from '#app/files/downloads.ts';
import { recordFiles, type Upload } from '#app/files/uploads.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { findReadableRequest, listAttachments } from './service-requests.service.ts';

/*
 * Attachments are append-only (SPEC §4): appendices add files, nothing replaces or removes one. A request in a
 * final status (F, X, U) takes no more appendices (docs/decisions/016-service-request-appendices.md).
 */

function refuseIfClosed(status: ServiceRequestDetails['status']): void {
  if (isFinalStatus(status)) throw new AppError('SERVICE_REQUEST_CLOSED');
}

/** Checked before the body is read, so that no file is stored for a request that will refuse it. */
export async function checkAppendicesAllowed(db: Db, actor: Actor, serviceRequestId: number): Promise<void> {
  refuseIfClosed((await findReadableRequest(db, actor, serviceRequestId)).status);
}

/**
 * POST api/service-requests/{id}/appendices: more files for a request its customer (or service staff) can
 * read. The request row is locked, so a status change to final and an upload cannot cross.
 */
export async function addAppendices(
  db: Db,
  actor: Actor,
  serviceRequestId: number,
  uploads: readonly Upload[],
): Promise<AppendicesResponse> {
  if (uploads.length === 0) throw new AppError('FILES_REQUIRED');
  const addedIds = await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ status: serviceRequests.status })
      .from(serviceRequests)
      .where(
        isServiceStaffRole(actor.role)
          ? eq(serviceRequests.id, serviceRequestId)
          : and(eq(serviceRequests.id, serviceRequestId), eq(serviceRequests.customerId, actor.id)),
      )
      .for('update');
    if (!request) throw notFound();
    refuseIfClosed(request.status);
    const recorded = await recordFiles(tx, uploads, actor.id);
    await tx.insert(serviceRequestAttachments).values(
      recorded.map((file) => ({
        serviceRequestId,
        fileId: file.id,
        addedBy: actor.id,
        isInitial: false,
      })),
    );
    return new Set(recorded.map((file) => file.id));
  });
  const attachments = await listAttachments(db, serviceRequestId);
  return { added: attachments.filter((a) => addedIds.has(a.id)), attachments };
}

/**
 * The file of a request's attachment in one statement that checks access too: for `scope` 'customer' only on the
 * actor's own request, for 'any' on every request (service staff).
 */
const attachmentFile = preparedStatements(
  'service_request_attachment',
  (scope: 'customer' | 'any') => scope,
  (db, scope) =>
    db
      .select(downloadableFileColumns)
      .from(serviceRequestAttachments)
      .innerJoin(files, eq(files.id, serviceRequestAttachments.fileId))
      .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestAttachments.serviceRequestId))
      .where(
        and(
          eq(serviceRequestAttachments.serviceRequestId, sql.placeholder('requestId')),
          eq(serviceRequestAttachments.fileId, sql.placeholder('fileId')),
          scope === 'customer' ? eq(serviceRequests.customerId, sql.placeholder('actorId')) : undefined,
        ),
      ),
);

/**
 * GET api/service-requests/{id}/attachments/{fileId}: the file if it is attached to a request the actor can
 * read (its customer, or service staff); anything else (another's request, an unknown one, a file of another
 * request) is NOT_FOUND.
 */
export async function getAttachmentFile(
  db: Db,
  actor: Actor,
  serviceRequestId: number,
  fileId: string,
): Promise<DownloadableFile> {
  const scope = isServiceStaffRole(actor.role) ? 'any' : 'customer';
  const [file] = await attachmentFile(db, scope).execute({
    requestId: serviceRequestId,
    fileId,
    actorId: actor.id,
  });
  if (!file) throw notFound();
  return file;
}

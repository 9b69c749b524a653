import { paths } from '@care/contract/pages';
import {
  type NewServiceRequestFields,
  NewServiceRequestFieldsSchema,
  type ServiceRequestDetails,
} from '@care/contract/service-requests';
import { translate, type TranslatedText } from '@care/contract/translations';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { displayName } from '#app/db/display-name.ts';
import { DOCUMENT_PREFIXES, nextDocumentCode } from '#app/db/schema/counters.ts';
import { machines } from '#app/db/schema/machines.ts';
import {
  serviceRequestAttachments,
  serviceRequestElements,
  serviceRequests,
  serviceRequestStatusHistory,
  type ServiceRequestElementKind,
} from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { recordFiles, type Upload } from '#app/files/uploads.ts';
import { enqueueMail } from '#app/mail/outbox.ts';
import { fieldError, notFound, validationFailed } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { newRequestMail } from './new-request.mail.ts';
import { getServiceRequestDetails } from './service-requests.service.ts';
import { isUniqueViolation } from '#app/db/unique-violation.ts';

export interface NewRequestContext {
  serviceEmail: string;
  brand: string;
  /** PUBLIC_URL + BASE_PATH: links in e-mails. */
  portalUrl: string;
}

function parseFields(fields: Record<string, string>) {
  const result = NewServiceRequestFieldsSchema.safeParse(fields);
  if (result.success) return result.data;
  throw validationFailed(result.error);
}

/** The label of an active choice, or a field error naming the unknown code (the intake's corrections too). */
export async function choiceLabel(
  tx: Db,
  kind: ServiceRequestElementKind,
  code: string | undefined,
  field: string,
): Promise<TranslatedText | undefined> {
  if (code === undefined) return undefined;
  const [row] = await tx
    .select({ label: serviceRequestElements.label })
    .from(serviceRequestElements)
    .where(
      and(
        eq(serviceRequestElements.kind, kind),
        eq(serviceRequestElements.code, code),
        eq(serviceRequestElements.active, true),
      ),
    );
  if (!row) throw fieldError(field, 'validation.invalid_value');
  return row.label;
}

/** The request this customer already filed with this submission's clientId, if any. */
async function findSubmitted(db: Db, actor: Actor, clientId: string | undefined): Promise<number | null> {
  if (!clientId) return null;
  const [row] = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.customerId, actor.id), eq(serviceRequests.clientId, clientId)));
  return row?.id ?? null;
}

export interface CreatedServiceRequest {
  details: ServiceRequestDetails;
  /** False when this was a retry of a submission already filed (the caller drops the retry's uploads). */
  created: boolean;
}

/**
 * POST api/service-requests/new-request: a customer's request for one of their own machines (another's or an
 * unknown machine is NOT_FOUND), numbered SR/<year>/<n>, in status N with its first history row, the uploaded
 * files as its initial attachments, and the notice to the service department queued in the outbox — all in
 * one transaction. The uploads are already in the store; the caller discards them if this throws, or when a
 * retry with the same clientId finds the request already filed.
 */
export async function createServiceRequest(
  db: Db,
  actor: Actor,
  input: { fields: Record<string, string>; files: readonly Upload[] },
  context: NewRequestContext,
): Promise<CreatedServiceRequest> {
  const fields = parseFields(input.fields);
  const submitted = await findSubmitted(db, actor, fields.clientId);
  if (submitted !== null) return { details: await getServiceRequestDetails(db, submitted), created: false };
  try {
    const id = await insertServiceRequest(db, actor, fields, input.files, context);
    return { details: await getServiceRequestDetails(db, id), created: true };
  } catch (error) {
    // Two copies of one submission at once: the other one filed it.
    const raced = isUniqueViolation(error) ? await findSubmitted(db, actor, fields.clientId) : null;
    if (raced === null) throw error;
    return { details: await getServiceRequestDetails(db, raced), created: false };
  }
}

/** Whose request it is, and who filed it when that was not its customer (staff, for a customer who phoned). */
export interface RequestFiling {
  customerId: number;
  /** The staff member who filed it (kept in service_requests.filed_by and as the first history row's author). */
  filedBy: number | null;
}

/** What the notices about a new request name. */
export interface InsertedServiceRequest {
  id: number;
  code: string;
  machine: { name: string; serialNumber: string };
  transportLabel: TranslatedText | undefined;
  deliveryLabel: TranslatedText | undefined;
  attachmentCount: number;
}

/**
 * The rows of a new request in the caller's transaction: for one of the customer's own machines (another's or an
 * unknown machine is NOT_FOUND), numbered SR/<year>/<n>, in status N with its first history row (by whoever filed
 * it) and the uploaded files as its initial attachments. The customer's form and the staff intake
 * (features/intake) both file through here; each sends its own notices.
 */
export async function insertServiceRequestRows(
  tx: Db,
  filing: RequestFiling,
  fields: NewServiceRequestFields,
  files: readonly Upload[],
): Promise<InsertedServiceRequest> {
  const [machine] = await tx
    .select({ id: machines.id, name: machines.name, serialNumber: machines.serialNumber })
    .from(machines)
    .where(and(eq(machines.id, Number(fields.machineId)), eq(machines.ownerId, filing.customerId)));
  if (!machine) throw notFound();
  const transportLabel = await choiceLabel(tx, 'transport_type', fields.transportType, 'transportType');
  const deliveryLabel = await choiceLabel(tx, 'delivery_place', fields.deliveryPlace, 'deliveryPlace');
  const now = new Date();
  const code = await nextDocumentCode(tx, DOCUMENT_PREFIXES.serviceRequest, now);
  const author = filing.filedBy ?? filing.customerId;
  const [request] = await tx
    .insert(serviceRequests)
    .values({
      code,
      customerId: filing.customerId,
      machineId: machine.id,
      status: 'N',
      reportDate: now,
      statusChangedAt: now,
      transportType: fields.transportType ?? null,
      deliveryPlace: fields.deliveryPlace ?? null,
      problemDescription: fields.problemDescription,
      comments: fields.comments ?? null,
      clientId: fields.clientId ?? null,
      filedBy: filing.filedBy,
    })
    .returning({ id: serviceRequests.id });
  await tx.insert(serviceRequestStatusHistory).values({
    serviceRequestId: request!.id,
    fromStatus: null,
    toStatus: 'N',
    changedBy: author,
    changedAt: now,
  });
  const recorded = await recordFiles(tx, files, author);
  if (recorded.length > 0) {
    await tx.insert(serviceRequestAttachments).values(
      recorded.map((file) => ({
        serviceRequestId: request!.id,
        fileId: file.id,
        addedBy: author,
        addedAt: now,
        isInitial: true,
      })),
    );
  }
  return {
    id: request!.id,
    code,
    machine: { name: machine.name, serialNumber: machine.serialNumber },
    transportLabel,
    deliveryLabel,
    attachmentCount: recorded.length,
  };
}

async function insertServiceRequest(
  db: Db,
  actor: Actor,
  fields: NewServiceRequestFields,
  files: readonly Upload[],
  context: NewRequestContext,
): Promise<number> {
  return db.transaction(async (tx) => {
    const inserted = await insertServiceRequestRows(
      tx,
      { customerId: actor.id, filedBy: null },
      fields,
      files,
    );
    const { transportLabel, deliveryLabel } = inserted;
    const [customer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, actor.id));
    await enqueueMail(
      tx,
      newRequestMail({
        serviceEmail: context.serviceEmail,
        brand: context.brand,
        url: `${context.portalUrl}${paths.staffServiceRequest(inserted.id)}`,
        code: inserted.code,
        customer: {
          name: displayName(actor),
          email: actor.email,
          phone: customer?.phone ?? null,
        },
        machine: inserted.machine,
        problemDescription: fields.problemDescription,
        comments: fields.comments,
        transportType: transportLabel && translate(transportLabel, 'pl'),
        deliveryPlace: deliveryLabel && translate(deliveryLabel, 'pl'),
        attachmentCount: inserted.attachmentCount,
      }),
    );
    return inserted.id;
  });
}

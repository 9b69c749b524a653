import {
  CANNED_REPLY_LIMITS,
  type CannedReply,
  type CannedReplyInputSchema,
  type CannedReplyList,
} from '@care/contract/canned-replies';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '#app/audit/audit.ts';
import type { Db } from '#app/db/client.ts';
import { cannedReplies } from '#app/db/schema/canned-replies.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

/**
 * Canned replies (issue 18): the service department's shared reply texts. Every write is audited in its own
 * transaction, like the other data staff keep (the audit log shows who changed which text).
 */

type Input = z.output<typeof CannedReplyInputSchema>;
type Row = typeof cannedReplies.$inferSelect;

/** Who wrote and from where, for the audit entry. */
export interface Writer {
  actor: Actor;
  ip: string;
}

function toReply(row: Row): CannedReply {
  return {
    id: String(row.id),
    title: row.title,
    texts: { pl: row.textPl, en: row.textEn, de: row.textDe },
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columnsOf = (input: Input) => ({
  title: input.title,
  textPl: input.textPl,
  textEn: input.textEn,
  textDe: input.textDe,
});

/** What the audit entry keeps of a reply: its title and texts. */
const audited = (row: Row) => ({
  title: row.title,
  texts: { pl: row.textPl, en: row.textEn, de: row.textDe },
});

const subjectOf = (row: Row) => ({ type: 'canned-reply' as const, id: row.id, label: row.title });

/** Every reply by title (a few hundred at most, CANNED_REPLY_LIMITS.maxReplies). */
export async function listCannedReplies(db: Db): Promise<CannedReplyList> {
  const rows = await db
    .select()
    .from(cannedReplies)
    .orderBy(asc(sql`lower(${cannedReplies.title})`), asc(cannedReplies.id));
  return { replies: rows.map(toReply) };
}

/** A new reply; CONFLICT once the department keeps the most it may. */
export async function createCannedReply(db: Db, writer: Writer, input: Input): Promise<CannedReply> {
  return db.transaction(async (tx) => {
    // The table's lock serialises creations, so two at the limit cannot both pass the count.
    await tx.execute(sql`LOCK TABLE ${cannedReplies} IN SHARE ROW EXCLUSIVE MODE`);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(cannedReplies);
    if (total >= CANNED_REPLY_LIMITS.maxReplies) {
      throw new AppError('CONFLICT', `At most ${CANNED_REPLY_LIMITS.maxReplies} canned replies are kept.`);
    }
    const [row] = await tx
      .insert(cannedReplies)
      .values({ ...columnsOf(input), updatedBy: writer.actor.id })
      .returning();
    await recordAudit(tx, writer.actor, {
      kind: 'canned-reply.created',
      subject: subjectOf(row!),
      after: audited(row!),
      ip: writer.ip,
    });
    return toReply(row!);
  });
}

/** Replaces a reply's title and texts; an unknown id is NOT_FOUND. */
export async function updateCannedReply(
  db: Db,
  writer: Writer,
  id: number,
  input: Input,
): Promise<CannedReply> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(cannedReplies).where(eq(cannedReplies.id, id)).for('update');
    if (!before) throw notFound();
    const [row] = await tx
      .update(cannedReplies)
      .set({ ...columnsOf(input), updatedBy: writer.actor.id })
      .where(eq(cannedReplies.id, id))
      .returning();
    await recordAudit(tx, writer.actor, {
      kind: 'canned-reply.updated',
      subject: subjectOf(row!),
      before: audited(before),
      after: audited(row!),
      ip: writer.ip,
    });
    return toReply(row!);
  });
}

/** Deletes a reply (what was sent with it stays in the chats); an unknown id is NOT_FOUND. */
export async function removeCannedReply(db: Db, writer: Writer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, writer.actor, {
      kind: 'canned-reply.removed',
      subject: subjectOf(row),
      before: audited(row),
      ip: writer.ip,
    });
  });
}

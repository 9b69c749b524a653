import {
  SERVICE_REQUEST_PRIORITIES,
  type ServiceRequestPriority,
  type StaffColleague,
  type StaffDeskFields,
  TAG_LIMITS,
} from '@care/contract/staff-desk-fields';
import type { StaffAssignment, StaffTriageSchema } from '@care/contract/staff-desk';
import { SERVICE_STAFF_ROLES } from '@care/contract/roles';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { displayNameSql } from '#app/db/display-name.ts';
import { preparedStatement } from '#app/db/prepared.ts';
import {
  serviceRequestAssignments,
  serviceRequests,
  serviceRequestTags,
} from '#app/db/schema/service-requests.ts';
import { users } from '#app/db/schema/users.ts';
import { publishEvent } from '#app/events/event-bus.ts';
import { AppError, notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';

/*
 * The department's shared desk (docs/decisions/062): who handles a request, its priority and tags, and whether it
 * waits for an answer. The wait itself is kept by database triggers (migration 0025); here only "no answer
 * needed" ends it by hand.
 */

type StaffTriage = z.output<typeof StaffTriageSchema>;

export const priorityOf = (value: number): ServiceRequestPriority =>
  SERVICE_REQUEST_PRIORITIES[value] ?? 'normal';
export const priorityValue = (priority: ServiceRequestPriority): number =>
  SERVICE_REQUEST_PRIORITIES.indexOf(priority);

/** Staff screens refetch the queue, the request and the waiting count; customers are not told. */
async function publishHandling(tx: Db, id: number): Promise<void> {
  await publishEvent(
    tx,
    { type: 'service-request-handling', data: { serviceRequestId: String(id) } },
    { userIds: [], roles: SERVICE_STAFF_ROLES },
  );
}

const assignee = alias(users, 'assignee');
const changer = alias(users, 'changer');

/**
 * The desk's columns for the staff page's one statement (staff-requests.service.ts): the assignee's name and the
 * assignment history are subqueries on the request's row (`service_requests`), so the page stays one round trip.
 */
export function deskColumns(db: Db) {
  const a = serviceRequestAssignments;
  const history = db
    .select({
      entries: sql`coalesce(json_agg(json_build_object(
        'assigneeId', ${a.assignedTo}::text, 'assigneeName', ${displayNameSql(assignee)},
        'changedBy', ${displayNameSql(changer)}, 'changedAt', ${a.assignedAt}
      ) ORDER BY ${a.assignedAt}, ${a.id}), '[]'::json)`,
    })
    .from(a)
    .leftJoin(assignee, eq(assignee.id, a.assignedTo))
    .leftJoin(changer, eq(changer.id, a.assignedBy))
    .where(eq(a.serviceRequestId, serviceRequests.id));
  const assigneeName = db
    .select({ name: displayNameSql(assignee) })
    .from(assignee)
    .where(eq(assignee.id, serviceRequests.assignedTo));
  return {
    assigneeId: serviceRequests.assignedTo,
    assigneeName: sql<string | null>`(${assigneeName})`,
    priority: serviceRequests.priority,
    tags: serviceRequests.tags,
    waitingSince: serviceRequests.waitingSince,
    assignmentHistory: sql<HistoryJson[]>`(${history})`,
  };
}

interface HistoryJson {
  assigneeId: string | null;
  assigneeName: string | null;
  changedBy: string | null;
  changedAt: string;
}

/** The desk fields of the staff page from `deskColumns`. */
export function deskOf(row: {
  assigneeId: number | null;
  assigneeName: string | null;
  priority: number;
  tags: string[];
  waitingSince: Date | null;
  assignmentHistory: HistoryJson[];
}): StaffDeskFields {
  return {
    assignee: colleagueOf(row.assigneeId, row.assigneeName),
    priority: priorityOf(row.priority),
    tags: row.tags,
    waitingSince: row.waitingSince?.toISOString() ?? null,
    assignmentHistory: row.assignmentHistory.map((entry) => ({
      assignee: colleagueOf(entry.assigneeId === null ? null : Number(entry.assigneeId), entry.assigneeName),
      changedBy: entry.changedBy,
      changedAt: new Date(entry.changedAt).toISOString(),
    })),
  };
}

function colleagueOf(id: number | null, name: string | null): StaffColleague | null {
  return id === null ? null : { id: String(id), name: name ?? '' };
}

const isActiveStaff = and(eq(users.status, 'active'), inArray(users.role, [...SERVICE_STAFF_ROLES]));

/**
 * PUT api/staff/service-requests/{id}/assignee: compare-and-set on the assignee the screen showed (two people
 * taking the same request: the second gets ASSIGNMENT_CHANGED_MEANWHILE), a history row, the event for the other
 * staff. Choosing the current assignee again changes nothing.
 */
export async function assignRequest(db: Db, actor: Actor, id: number, input: StaffAssignment): Promise<void> {
  const to = input.assigneeId === null ? null : Number(input.assigneeId);
  const from = input.fromAssigneeId === null ? null : Number(input.fromAssigneeId);
  await db.transaction(async (tx) => {
    if (to !== null) {
      const [staff] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, to), isActiveStaff));
      if (!staff) throw new AppError('ASSIGNEE_NOT_STAFF');
    }
    const [request] = await tx
      .select({ assignedTo: serviceRequests.assignedTo })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for('update');
    if (!request) throw notFound();
    if (request.assignedTo !== from) throw new AppError('ASSIGNMENT_CHANGED_MEANWHILE');
    if (to === from) return;
    await tx
      .update(serviceRequests)
      .set({ assignedTo: to, updatedAt: sql`now()` })
      .where(eq(serviceRequests.id, id));
    await tx
      .insert(serviceRequestAssignments)
      .values({ serviceRequestId: id, assignedTo: to, assignedBy: actor.id });
    await publishHandling(tx, id);
  });
}

/** PUT api/staff/service-requests/{id}/triage: the priority and the set of tags; new tags join the suggestions. */
export async function triageRequest(db: Db, id: number, input: StaffTriage): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(serviceRequests)
      .set({ priority: priorityValue(input.priority), tags: input.tags, updatedAt: sql`now()` })
      .where(eq(serviceRequests.id, id))
      .returning({ id: serviceRequests.id });
    if (!updated) throw notFound();
    if (input.tags.length > 0) {
      await tx
        .insert(serviceRequestTags)
        .values(input.tags.map((tag) => ({ tag })))
        .onConflictDoNothing();
    }
    await publishHandling(tx, id);
  });
}

/**
 * POST api/staff/service-requests/{id}/no-answer-needed: the request no longer waits (a "thank you" needs no
 * reply). A request that does not wait stays as it is. The waiting trigger tells the staff's screens.
 */
export async function markNoAnswerNeeded(db: Db, id: number): Promise<void> {
  const [found] = await db
    .update(serviceRequests)
    .set({ waitingSince: null })
    .where(eq(serviceRequests.id, id))
    .returning({ id: serviceRequests.id });
  if (!found) throw notFound();
}

/**
 * GET api/staff/waiting: an index-only count of service_requests_waiting_idx (only the waiting requests are in
 * this partial index).
 */
const waitingCount = preparedStatement('staff_waiting_count', (db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(serviceRequests)
    .where(isNotNull(serviceRequests.waitingSince)),
);

export async function countWaiting(db: Db): Promise<{ count: number }> {
  const [row] = await waitingCount(db).execute();
  return { count: row?.count ?? 0 };
}

/** GET api/staff/colleagues: active service employees and admins, by name (a few dozen accounts). */
export async function listColleagues(db: Db): Promise<StaffColleague[]> {
  const name = displayNameSql(users);
  const rows = await db
    .select({ id: users.id, name })
    .from(users)
    .where(isActiveStaff)
    .orderBy(name, users.id);
  return rows.map((row) => ({ id: String(row.id), name: row.name ?? '' }));
}

/** GET api/staff/tags?q=: the tags starting with q, by name (a small table: every tag ever used once). */
export async function listTags(db: Db, q: string | undefined): Promise<string[]> {
  const prefix = (q ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ tag: serviceRequestTags.tag })
    .from(serviceRequestTags)
    .where(sql`${serviceRequestTags.tag} LIKE ${`${prefix}%`}`)
    .orderBy(serviceRequestTags.tag)
    .limit(TAG_LIMITS.suggestions);
  return rows.map((row) => row.tag);
}

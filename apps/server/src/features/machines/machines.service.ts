import {
  MACHINE_DETAILS_REQUEST_LIMIT,
  type Machine,
  type MachineDetails,
  type MachineListQuerySchema,
  type MachinePage,
  type MachineSortField,
} from '@care/contract/machines';
import { FINAL_SERVICE_REQUEST_STATUSES } from '@care/contract/service-requests';
import { isServiceStaffRole } from '@care/contract/roles';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { containsPattern, foldedMatches, machineSearchText, searchTextOf } from '#app/db/search-text.ts';
import { preparedStatements } from '#app/db/prepared.ts';
import { notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { guaranteeOf, todayInPoland } from '#app/db/guarantee.ts';
import { totalOfPage } from '#app/db/paging.ts';

type MachineListQuery = z.output<typeof MachineListQuerySchema>;

/** Sort fields a machine may lack. */
const NULLABLE_SORT_FIELDS: ReadonlySet<MachineSortField> = new Set([
  'purchaseDate',
  'guaranteeEndDate',
  'dealer',
]);

const machineColumns = {
  id: machines.id,
  name: machines.name,
  serialNumber: machines.serialNumber,
  purchaseDate: machines.purchaseDate,
  guaranteeEndDate: machines.guaranteeEndDate,
  status: machines.status,
  dealer: machines.dealer,
};

type MachineRow = { id: number } & Omit<Machine, 'id' | 'guaranteeDaysLeft' | 'guaranteeState'>;

function toMachine(row: MachineRow, today: string): Machine {
  return { ...row, id: String(row.id), ...guaranteeOf(row.guaranteeEndDate, today) };
}

type ListShape = Pick<MachineListQuery, 'sort' | 'order'> & { search: boolean; status: boolean };

/**
 * The owner's rows are a CTE used twice (page and total), which PostgreSQL materialises: they always come from
 * machines_owner_purchase_date_idx and every filter and sort works on the owner's own rows, so the cost is
 * bounded by how many machines the customer has. Left to itself the planner may instead walk a whole sort-order
 * index for an owner its statistics know to have many machines (docs/decisions/016).
 *
 * Prepared per sort, order and filters used (at most 7 × 2 × 2 × 2 statements, db/prepared.ts).
 */
const ownedMachinesPage = preparedStatements(
  'machines_list',
  (shape: ListShape) => `${shape.sort}.${shape.order}.${shape.search}.${shape.status}`,
  (db, shape) => {
    const owned = db.$with('owned').as(
      db
        .select(machineColumns)
        .from(machines)
        .where(eq(machines.ownerId, sql.placeholder('ownerId'))),
    );
    const conditions: SQL[] = [];
    if (shape.search)
      conditions.push(
        foldedMatches(
          machineSearchText(sql`${owned.name}`, sql`${owned.serialNumber}`),
          sql.placeholder('pattern'),
        ),
      );
    if (shape.status) conditions.push(sql`${owned.status} = ANY(${sql.placeholder('statuses')})`);
    const where = conditions.length ? and(...conditions)! : sql`true`;
    const direction = shape.order === 'asc' ? sql`ASC` : sql`DESC`;
    // A date or dealer not set yet (machines still in the ERP's hands) sorts last in either order.
    const nulls = NULLABLE_SORT_FIELDS.has(shape.sort) ? sql`NULLS LAST` : sql``;
    return db
      .with(owned)
      .select({
        id: owned.id,
        name: owned.name,
        serialNumber: owned.serialNumber,
        purchaseDate: owned.purchaseDate,
        guaranteeEndDate: owned.guaranteeEndDate,
        status: owned.status,
        dealer: owned.dealer,
        total: sql<number>`(SELECT count(*)::int FROM ${owned} WHERE ${where})`,
      })
      .from(owned)
      .where(where)
      .orderBy(sql`${owned[shape.sort]} ${direction} ${nulls}`, sql`${owned.id} ${direction}`)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  },
);

/** GET api/end-products/user-owned: the customer's machines, filtered, sorted and paged in SQL. */
export async function listOwnedMachines(db: Db, actor: Actor, query: MachineListQuery): Promise<MachinePage> {
  const text = searchTextOf(query.q);
  const status = query.status?.length ? query.status : null;
  const rows = await ownedMachinesPage(db, {
    sort: query.sort,
    order: query.order,
    search: text !== null,
    status: status !== null,
  }).execute({
    ownerId: actor.id,
    pattern: text === null ? null : containsPattern(text),
    statuses: status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const total = await totalOfPage(
    rows,
    query.page,
    async () => (await listOwnedMachines(db, actor, { ...query, page: 1, pageSize: 1 })).total,
  );
  const today = todayInPoland();
  return {
    items: rows.map(({ total: _, ...row }) => toMachine(row, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A request of the machine details as json_build_object writes it (ids as numbers, times in PostgreSQL's form). */
interface RequestJson extends Omit<MachineDetails['serviceRequests'][number], 'id'> {
  id: number;
}

const FINAL_STATUSES = sql.join(
  FINAL_SERVICE_REQUEST_STATUSES.map((status) => sql.raw(`'${status}'`)),
  sql`, `,
);

/**
 * The machine with its newest requests and their counts in one statement: for a customer only their own machine
 * and the requests they filed, for service staff any (`scope`). No row: not found or not theirs.
 */
const machineDetails = preparedStatements(
  'machine_details',
  (scope: 'owner' | 'staff') => scope,
  (db, scope) => {
    const r = alias(serviceRequests, 'r');
    const theirs = and(
      eq(r.machineId, machines.id),
      scope === 'staff' ? undefined : eq(r.customerId, sql.placeholder('actorId')),
    );
    const newest = db
      .select({
        id: r.id,
        code: r.code,
        status: r.status,
        reportDate: r.reportDate,
        estimatedCompletionDate: r.estimatedCompletionDate,
        completionDate: r.completionDate,
      })
      .from(r)
      .where(theirs)
      .orderBy(desc(r.reportDate), desc(r.id))
      .limit(MACHINE_DETAILS_REQUEST_LIMIT)
      .as('newest');
    const listed = db
      .select({
        requests: sql<RequestJson[]>`coalesce(json_agg(json_build_object(
          'id', ${newest.id}, 'code', ${newest.code}, 'status', ${newest.status},
          'reportDate', ${newest.reportDate}, 'estimatedCompletionDate', ${newest.estimatedCompletionDate},
          'completionDate', ${newest.completionDate}
        ) ORDER BY ${newest.reportDate} DESC, ${newest.id} DESC), '[]'::json)`.as('requests'),
      })
      .from(newest)
      .as('listed');
    const counts = db
      .select({
        total: sql<number>`count(*)::int`.as('total'),
        open: sql<number>`(count(*) FILTER (WHERE ${r.status} NOT IN (${FINAL_STATUSES})))::int`.as('open'),
      })
      .from(r)
      .where(theirs)
      .as('counts');
    // Joined laterally (one row each): with a join, Drizzle names every column with its table.
    return db
      .select({
        ...machineColumns,
        requests: listed.requests,
        requestCount: counts.total,
        openRequestCount: counts.open,
      })
      .from(machines)
      .crossJoinLateral(listed)
      .crossJoinLateral(counts)
      .where(
        and(
          eq(machines.id, sql.placeholder('id')),
          scope === 'staff' ? undefined : eq(machines.ownerId, sql.placeholder('actorId')),
        ),
      );
  },
);

/**
 * GET api/end-products/{id}: the machine with its most recent service requests. A customer sees only their
 * own machine and only the requests they filed (a second-hand machine's earlier requests belong to the seller);
 * service staff see every machine and request. Anything else is NOT_FOUND.
 */
export async function getMachine(db: Db, actor: Actor, id: number): Promise<MachineDetails> {
  const scope = isServiceStaffRole(actor.role) ? 'staff' : 'owner';
  const [row] = await machineDetails(db, scope).execute({ id, actorId: actor.id });
  if (!row) throw notFound();
  const { requests, requestCount, openRequestCount, ...machine } = row;
  return {
    ...toMachine(machine, todayInPoland()),
    serviceRequests: requests.map((request) => ({
      ...request,
      id: String(request.id),
      reportDate: new Date(request.reportDate).toISOString(),
    })),
    serviceRequestCount: requestCount,
    openServiceRequestCount: openRequestCount,
  };
}

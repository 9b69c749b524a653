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
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { foldedContains, machineSearchText, searchTextOf } from '#app/db/search-text.ts';
import { notFound } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { guaranteeOf, todayInPoland } from '#app/db/guarantee.ts';

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

/**
 * GET api/end-products/user-owned: the customer's machines, filtered, sorted and paged in SQL.
 *
 * The owner's rows are a CTE used twice (page and total), which PostgreSQL materialises: they always come from
 * machines_owner_purchase_date_idx and every filter and sort works on the owner's own rows, so the cost is
 * bounded by how many machines the customer has. Left to itself the planner may instead walk a whole sort-order
 * index for an owner its statistics know to have many machines (docs/decisions/016).
 */
export async function listOwnedMachines(db: Db, actor: Actor, query: MachineListQuery): Promise<MachinePage> {
  const owned = db
    .$with('owned')
    .as(db.select(machineColumns).from(machines).where(eq(machines.ownerId, actor.id)));
  const conditions: SQL[] = [];
  const text = searchTextOf(query.q);
  if (text)
    conditions.push(foldedContains(machineSearchText(sql`${owned.name}`, sql`${owned.serialNumber}`), text));
  if (query.status?.length) conditions.push(inArray(owned.status, query.status));
  const where = conditions.length ? and(...conditions)! : sql`true`;
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  // A date or dealer not set yet (machines still in the ERP's hands) sorts last in either order.
  const nulls = NULLABLE_SORT_FIELDS.has(query.sort) ? sql`NULLS LAST` : sql``;
  const rows = await db
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
    .orderBy(sql`${owned[query.sort]} ${direction} ${nulls}`, sql`${owned.id} ${direction}`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Past the last page no row carries the total: the first page has it (or there are none).
  const total =
    rows[0]?.total ??
    (query.page === 1 ? 0 : (await listOwnedMachines(db, actor, { ...query, page: 1, pageSize: 1 })).total);
  const today = todayInPoland();
  return {
    items: rows.map(({ total: _, ...row }) => toMachine(row, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * GET api/end-products/{id}: the machine with its most recent service requests. A customer sees only their
 * own machine and only the requests they filed (a second-hand machine's earlier requests belong to the seller);
 * service staff see every machine and request. Anything else is NOT_FOUND.
 */
export async function getMachine(db: Db, actor: Actor, id: number): Promise<MachineDetails> {
  // Service staff read every machine; everyone else only their own.
  const isStaff = isServiceStaffRole(actor.role);
  const [row] = await db
    .select(machineColumns)
    .from(machines)
    .where(isStaff ? eq(machines.id, id) : and(eq(machines.id, id), eq(machines.ownerId, actor.id)))
    .limit(1);
  if (!row) throw notFound();
  const requestsOf = isStaff
    ? eq(serviceRequests.machineId, id)
    : and(eq(serviceRequests.machineId, id), eq(serviceRequests.customerId, actor.id));
  const final = sql.join(
    FINAL_SERVICE_REQUEST_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [requests, [counts]] = await Promise.all([
    db
      .select({
        id: serviceRequests.id,
        code: serviceRequests.code,
        status: serviceRequests.status,
        reportDate: serviceRequests.reportDate,
        estimatedCompletionDate: serviceRequests.estimatedCompletionDate,
        completionDate: serviceRequests.completionDate,
      })
      .from(serviceRequests)
      .where(requestsOf)
      .orderBy(desc(serviceRequests.reportDate), desc(serviceRequests.id))
      .limit(MACHINE_DETAILS_REQUEST_LIMIT),
    db
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`(count(*) FILTER (WHERE ${serviceRequests.status} NOT IN (${final})))::int`,
      })
      .from(serviceRequests)
      .where(requestsOf),
  ]);
  return {
    ...toMachine(row, todayInPoland()),
    serviceRequests: requests.map((request) => ({
      ...request,
      id: String(request.id),
      reportDate: request.reportDate.toISOString(),
    })),
    serviceRequestCount: counts!.total,
    openServiceRequestCount: counts!.open,
  };
}

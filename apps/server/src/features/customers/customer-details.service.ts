import { CUSTOMER_PAGE_LIST_LIMIT, type StaffCustomerDetails } from '@care/contract/customers';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.ts';
import { machines } from '#app/db/schema/machines.ts';
import { offerRequestItems, offerRequests } from '#app/db/schema/offers.ts';
import { serviceRequests } from '#app/db/schema/service-requests.ts';
import { userAddresses, users } from '#app/db/schema/users.ts';
import { addressOf } from '#app/db/address.ts';
import { notFound } from '#app/plugins/errors.ts';

const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

/** The customer's row, or NOT_FOUND for an unknown id and for staff accounts (this screen is for customers). */
async function customerRow(db: Db, id: number) {
  const [row] = await db
    .select({ user: users, address: userAddresses })
    .from(users)
    .leftJoin(userAddresses, eq(userAddresses.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  if (!row) throw notFound();
  return row;
}

/** GET api/staff/customers/{id}: each list is served by its owner/customer index. */
export async function getCustomer(db: Db, id: number): Promise<StaffCustomerDetails> {
  const { user, address } = await customerRow(db, id);
  const owned = await db
    .select()
    .from(machines)
    .where(eq(machines.ownerId, id))
    .orderBy(desc(machines.purchaseDate), asc(machines.id));
  const requests = await db
    .select({
      id: serviceRequests.id,
      code: serviceRequests.code,
      status: serviceRequests.status,
      reportDate: serviceRequests.reportDate,
      machineName: machines.name,
      machineSerialNumber: machines.serialNumber,
    })
    .from(serviceRequests)
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .where(eq(serviceRequests.customerId, id))
    .orderBy(desc(serviceRequests.reportDate), desc(serviceRequests.id))
    .limit(CUSTOMER_PAGE_LIST_LIMIT);
  const [requestCount] = await db
    .select({ n: count() })
    .from(serviceRequests)
    .where(eq(serviceRequests.customerId, id));
  const offers = await db
    .select({
      id: offerRequests.id,
      number: offerRequests.number,
      status: offerRequests.status,
      createdAt: offerRequests.createdAt,
      itemCount: sql<number>`(SELECT count(*)::int FROM ${offerRequestItems} i
        WHERE i.offer_request_id = ${offerRequests.id})`,
    })
    .from(offerRequests)
    .where(eq(offerRequests.customerId, id))
    .orderBy(desc(offerRequests.createdAt), desc(offerRequests.id))
    .limit(CUSTOMER_PAGE_LIST_LIMIT);
  const [offerCount] = await db
    .select({ n: count() })
    .from(offerRequests)
    .where(eq(offerRequests.customerId, id));

  return {
    id: String(user.id),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    peselOrNip: user.peselOrNip ?? '',
    language: user.language,
    status: user.status,
    address: addressOf(address),
    rulesAcceptedAt: isoOrNull(user.rulesAcceptedAt),
    marketingConsent: user.marketingConsent,
    marketingConsentAt: isoOrNull(user.marketingConsentAt),
    emailConfirmedAt: isoOrNull(user.emailConfirmedAt),
    lastLoginAt: isoOrNull(user.lastLoginAt),
    createdAt: user.createdAt.toISOString(),
    deactivatedAt: isoOrNull(user.deactivatedAt),
    storeLinked: user.b2cStoreCustomerId !== null,
    machines: owned.map((machine) => ({
      id: String(machine.id),
      name: machine.name,
      serialNumber: machine.serialNumber,
      status: machine.status,
      purchaseDate: machine.purchaseDate,
      guaranteeEndDate: machine.guaranteeEndDate,
      ownedSince: isoOrNull(machine.ownedSince),
    })),
    serviceRequests: requests.map((request) => ({
      ...request,
      id: String(request.id),
      reportDate: request.reportDate.toISOString(),
    })),
    serviceRequestCount: requestCount?.n ?? 0,
    offerRequests: offers.map((offer) => ({
      ...offer,
      id: String(offer.id),
      createdAt: offer.createdAt.toISOString(),
    })),
    offerRequestCount: offerCount?.n ?? 0,
  };
}

import { z } from 'zod';
import { endpoints, IdParam, IdParams } from './endpoint.ts';
import { LANGUAGES } from './locales.ts';
import { codesFilterField, pagedSchema, pageField, pageSizeField, textFilterField } from './paging.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';
import { MACHINE_STATUSES, OFFER_REQUEST_STATUSES, SERVICE_REQUEST_STATUSES } from './statuses.ts';
import { AddressSchema } from './user.ts';

/*
 * Customers in the back office (issue 15), customerEndpoints below. Service staff and admins search and read a
 * customer's page; only admins change: a new confirmation link, reactivation, assigning and removing machines.
 * Every change answers with the customer's page and writes an audit entry with the reason.
 */

/** pending: e-mail not confirmed yet; active; deactivated: closed by the customer. */
export const CUSTOMER_STATUSES = ['pending', 'active', 'deactivated'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** The search counts matches up to this number; beyond it `total` is this and `totalCapped` is true ("1000+"). */
export const CUSTOMER_COUNT_LIMIT = 1000;
/** A customer's page lists this many of their newest service requests and offer requests (and says how many). */
export const CUSTOMER_PAGE_LIST_LIMIT = 50;

/**
 * GET api/staff/customers?q&status&page&pageSize, newest account first. `q` is a fragment of the name, e-mail,
 * phone, PESEL/NIP or the serial number of an owned machine, case and diacritics ignored (3 characters at least).
 */
export const StaffCustomersQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField,
  q: textFilterField,
  /** `?status=pending,active` or repeated. */
  status: codesFilterField(CUSTOMER_STATUSES),
});

export const StaffCustomerListItemSchema = z.object({
  id: z.string(),
  /** First and last name ('' when the account has none, e.g. a B2C link). */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
  machineCount: z.number().int().min(0),
});
export type StaffCustomerListItem = z.infer<typeof StaffCustomerListItemSchema>;

export const StaffCustomersPageSchema = pagedSchema(StaffCustomerListItemSchema).extend({
  totalCapped: z.boolean(),
});
export type StaffCustomersPage = z.infer<typeof StaffCustomersPageSchema>;

export const CustomerMachineParamsSchema = z.object({ id: IdParam, machineId: IdParam });

export const CustomerMachineSchema = z.object({
  id: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  status: z.enum(MACHINE_STATUSES),
  purchaseDate: z.iso.date().nullable(),
  guaranteeEndDate: z.iso.date().nullable(),
  /** When the customer became the owner (registration or an admin's assignment). */
  ownedSince: z.iso.datetime().nullable(),
});
export type CustomerMachine = z.infer<typeof CustomerMachineSchema>;

export const CustomerServiceRequestSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  reportDate: z.iso.datetime(),
  machineName: z.string(),
  machineSerialNumber: z.string(),
});
export type CustomerServiceRequest = z.infer<typeof CustomerServiceRequestSchema>;

export const CustomerOfferRequestSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(OFFER_REQUEST_STATUSES),
  createdAt: z.iso.datetime(),
  itemCount: z.number().int().min(0),
});
export type CustomerOfferRequest = z.infer<typeof CustomerOfferRequestSchema>;

/** GET api/staff/customers/{id}: contact data, consents, account state, machines, requests. */
export const StaffCustomerDetailsSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  peselOrNip: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(CUSTOMER_STATUSES),
  address: AddressSchema.nullable(),
  rulesAcceptedAt: z.iso.datetime().nullable(),
  marketingConsent: z.boolean(),
  marketingConsentAt: z.iso.datetime().nullable(),
  emailConfirmedAt: z.iso.datetime().nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  deactivatedAt: z.iso.datetime().nullable(),
  /** Linked to an account of the maker's online store (B2C registration). */
  storeLinked: z.boolean(),
  machines: z.array(CustomerMachineSchema),
  /** The newest CUSTOMER_PAGE_LIST_LIMIT, newest first; `serviceRequestCount` counts all. */
  serviceRequests: z.array(CustomerServiceRequestSchema),
  serviceRequestCount: z.number().int().min(0),
  offerRequests: z.array(CustomerOfferRequestSchema),
  offerRequestCount: z.number().int().min(0),
});
export type StaffCustomerDetails = z.infer<typeof StaffCustomerDetailsSchema>;

/** Why an admin changes a customer: required, kept in the audit log. */
export const reasonField = z.string().trim().min(3, 'form.reason-required').max(500, 'form.max-length');

export const CustomerReasonSchema = z.object({ reason: reasonField });
export type CustomerReason = z.infer<typeof CustomerReasonSchema>;

/**
 * POST api/admin/customers/{id}/machines. A machine of another customer is refused (MACHINE_OWNED_BY_ANOTHER)
 * unless `move` is true: then it leaves that customer (an audit entry on them too) and comes to this one.
 */
export const MachineAssignmentSchema = z.object({
  serialNumber: z.string().trim().min(1, 'form.required').max(100, 'form.max-length'),
  reason: reasonField,
  move: z.boolean().default(false),
});
export type MachineAssignment = z.input<typeof MachineAssignmentSchema>;

/*
 * Service staff and admins read customers (api/staff/customers), only admins change them (api/admin/customers/…);
 * everyone else signed in: FORBIDDEN (docs/decisions/045). Every change answers with the customer's page as it is
 * now; a change the customer's state refuses is a 409.
 */
const readers = { roles: SERVICE_STAFF_ROLES };
const adminOnly = { roles: ['admin'] } as const;

export const customerEndpoints = endpoints('customers', {
  search: {
    method: 'GET',
    path: '/api/staff/customers',
    summary: 'Search customers by name, e-mail, phone or an owned serial number; filter by status',
    access: readers,
    query: StaffCustomersQuerySchema,
    responses: { 200: StaffCustomersPageSchema },
  },
  get: {
    method: 'GET',
    path: '/api/staff/customers/:id',
    summary: 'A customer: contact data, consents, account, machines, service and offer requests',
    access: readers,
    params: IdParams,
    responses: { 200: StaffCustomerDetailsSchema },
  },
  resendConfirmation: {
    method: 'POST',
    path: '/api/admin/customers/:id/confirmation-mail',
    summary: 'Send a pending customer a new link to confirm the e-mail address',
    access: adminOnly,
    params: IdParams,
    responses: { 200: StaffCustomerDetailsSchema },
    errors: [409],
  },
  reactivate: {
    method: 'POST',
    path: '/api/admin/customers/:id/reactivation',
    summary: 'Reactivate a deactivated customer (with a reason); they sign in with their password',
    access: adminOnly,
    params: IdParams,
    body: CustomerReasonSchema,
    responses: { 200: StaffCustomerDetailsSchema },
    errors: [409],
  },
  assignMachine: {
    method: 'POST',
    path: '/api/admin/customers/:id/machines',
    summary: 'Assign a machine by serial number (with a reason; `move` takes it from another customer)',
    access: adminOnly,
    params: IdParams,
    body: MachineAssignmentSchema,
    responses: { 200: StaffCustomerDetailsSchema },
    errors: [409],
  },
  removeMachine: {
    method: 'POST',
    path: '/api/admin/customers/:id/machines/:machineId/removal',
    summary: 'Remove a machine from the customer (with a reason); it is free for registration again',
    access: adminOnly,
    params: CustomerMachineParamsSchema,
    body: CustomerReasonSchema,
    responses: { 200: StaffCustomerDetailsSchema },
    errors: [409],
  },
});

import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';
import {
  codesFilterField,
  pagedSchema,
  pageField,
  pageSizeField,
  SORT_ORDERS,
  textFilterField,
} from './paging.ts';
import { MACHINE_STATUSES, SERVICE_REQUEST_STATUSES } from './statuses.ts';

/*
 * Machines ("end products", SPEC §3): the customer's machines, paged, and one machine with its service requests.
 * Another customer's id is a 404.
 */

/** A guarantee ending within this many days (end date included) is 'ending'. */
export const GUARANTEE_ENDING_DAYS = 30;

/**
 * active: more than GUARANTEE_ENDING_DAYS left; ending: 0..GUARANTEE_ENDING_DAYS days left (the end date itself
 * still counts as covered, 0 days left); ended: the end date has passed; none: no guarantee end date known.
 */
export const GUARANTEE_STATES = ['active', 'ending', 'ended', 'none'] as const;
export type GuaranteeState = (typeof GUARANTEE_STATES)[number];

/** A machine as the API returns it; the guarantee fields are computed by the server (calendar days in Poland). */
export const MachineSchema = z.object({
  id: z.string(),
  name: z.string(),
  serialNumber: z.string(),
  /** YYYY-MM-DD. */
  purchaseDate: z.iso.date().nullable(),
  /** YYYY-MM-DD, the last day covered. */
  guaranteeEndDate: z.iso.date().nullable(),
  status: z.enum(MACHINE_STATUSES),
  dealer: z.string().nullable(),
  /** Days from today to the guarantee end date (negative once ended); null without an end date. */
  guaranteeDaysLeft: z.number().int().nullable(),
  guaranteeState: z.enum(GUARANTEE_STATES),
});
export type Machine = z.infer<typeof MachineSchema>;

/** Column ids a machine list can be sorted by (the same ids as the table's columns). */
export const MACHINE_SORT_FIELDS = [
  'name',
  'serialNumber',
  'purchaseDate',
  'guaranteeEndDate',
  'status',
  'dealer',
] as const;
export type MachineSortField = (typeof MACHINE_SORT_FIELDS)[number];

/** GET api/end-products/user-owned?page&pageSize&sort&order&q&status. Default: newest purchase first. */
export const MachineListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField,
  sort: z.enum(MACHINE_SORT_FIELDS).default('purchaseDate'),
  order: z.enum(SORT_ORDERS).default('desc'),
  /** A fragment of the name or serial number, case-insensitive. */
  q: textFilterField,
  status: codesFilterField(MACHINE_STATUSES),
});
export type MachineListQuery = z.input<typeof MachineListQuerySchema>;

export const MachinePageSchema = pagedSchema(MachineSchema);
export type MachinePage = z.infer<typeof MachinePageSchema>;

/** One of a machine's service requests, as listed on the machine's page. */
export const MachineServiceRequestSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  /** ISO date-time. */
  reportDate: z.iso.datetime(),
  estimatedCompletionDate: z.iso.date().nullable(),
  completionDate: z.iso.date().nullable(),
});
export type MachineServiceRequest = z.infer<typeof MachineServiceRequestSchema>;

/** The most recent requests shown on a machine's page; the rest are in the service requests list. */
export const MACHINE_DETAILS_REQUEST_LIMIT = 50;

/** GET api/end-products/{id}: the machine and its service requests, newest first. */
export const MachineDetailsSchema = MachineSchema.extend({
  serviceRequests: z.array(MachineServiceRequestSchema),
  /** All of the machine's requests (serviceRequests holds at most MACHINE_DETAILS_REQUEST_LIMIT). */
  serviceRequestCount: z.number().int().min(0),
  /** Requests not in a final status (F, X, U). */
  openServiceRequestCount: z.number().int().min(0),
});
export type MachineDetails = z.infer<typeof MachineDetailsSchema>;

export const machineEndpoints = endpoints('machines', {
  list: {
    method: 'GET',
    path: '/api/end-products/user-owned',
    summary: "The signed-in customer's machines, filtered, sorted and paged",
    access: 'signed-in',
    query: MachineListQuerySchema,
    responses: { 200: MachinePageSchema },
  },
  get: {
    method: 'GET',
    path: '/api/end-products/:id',
    summary: 'One machine with its guarantee and service requests',
    description: "Another customer's machine is a 404.",
    access: 'signed-in',
    params: IdParams,
    responses: { 200: MachineDetailsSchema },
  },
});

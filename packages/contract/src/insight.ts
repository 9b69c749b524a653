import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';
import { OFFER_REQUEST_STATUSES, SERVICE_REQUEST_STATUSES, type ServiceRequestStatus } from './statuses.ts';

/*
 * The insight dashboard (issue 15, roles service and admin; others get FORBIDDEN): every figure at once.
 * Weeks are ISO weeks in Poland (Monday 00:00 Europe/Warsaw), named by their Monday (YYYY-MM-DD); the last is the
 * current, unfinished week. docs/decisions/047-insight.md says how each figure is counted.
 */

/** How many weeks the weekly figures, the per-model counts and the offer quoting rate look back (this one included). */
export const INSIGHT_WEEKS = 26;
/** How many of the oldest open requests and of the machine models are listed. */
export const INSIGHT_LIST_LIMIT = 10;
/** An offer request counts as quoted in time when it reached `quoted` within this many working days (Mon–Fri). */
export const OFFER_QUOTE_WORKING_DAYS = 2;

/** The statuses of a request still being worked on (everything but the final F, X and U). */
export const OPEN_SERVICE_REQUEST_STATUSES = [
  'N',
  'C',
  'R',
  'P',
  'O',
  'A',
] as const satisfies readonly ServiceRequestStatus[];
/** The final statuses: a request "closed" in a week reached one of these then. */
export const CLOSED_SERVICE_REQUEST_STATUSES = [
  'F',
  'X',
  'U',
] as const satisfies readonly ServiceRequestStatus[];

const count = z.number().int().min(0);
/** A median duration in seconds; null when the week has nothing to measure. */
const medianSeconds = z.number().min(0).nullable();

export const InsightStatusCountSchema = z.object({ status: z.enum(SERVICE_REQUEST_STATUSES), count });

export const InsightWeekSchema = z.object({
  /** The week's Monday, YYYY-MM-DD (Poland). */
  week: z.iso.date(),
  /** Requests reported in the week. */
  opened: count,
  /** Requests that reached a final status (F, X, U) in the week. */
  closed: count,
  /** Of the requests reported in the week, how many have a staff chat message (so far). */
  replied: count,
  /** Median time from the report to the first chat message by a staff account, over `replied`. */
  firstReplyMedianSeconds: medianSeconds,
  /** Requests that reached F (done) in the week. */
  completed: count,
  /** Median time from the report to F, over `completed`. */
  completionMedianSeconds: medianSeconds,
});
export type InsightWeek = z.infer<typeof InsightWeekSchema>;

/**
 * One week of the service times (docs/decisions/066): first replies to requests reported in the week that were
 * made within the target, or are late (made late, or not made and past due; a request closed unanswered counts in
 * neither); requests completed (F) in the week within their completion target, or late.
 */
export const InsightServiceTimeWeekSchema = z.object({
  week: z.iso.date(),
  replyMet: count,
  replyMissed: count,
  completionMet: count,
  completionMissed: count,
});
export type InsightServiceTimeWeek = z.infer<typeof InsightServiceTimeWeekSchema>;

export const InsightOldestOpenSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(OPEN_SERVICE_REQUEST_STATUSES),
  reportDate: z.iso.datetime(),
  machineName: z.string(),
});

export const InsightModelCountSchema = z.object({ model: z.string(), count });

export const InsightOfferStatusCountSchema = z.object({ status: z.enum(OFFER_REQUEST_STATUSES), count });

export const InsightSchema = z.object({
  generatedAt: z.iso.datetime(),
  /** The first day of the oldest week shown (YYYY-MM-DD): the window of `weeks`, `models` and `offers.quoting`. */
  since: z.iso.date(),
  /** Open requests per status, every open status listed (0 included), in OPEN_SERVICE_REQUEST_STATUSES order. */
  openByStatus: z.array(InsightStatusCountSchema),
  /** INSIGHT_WEEKS weeks, oldest first, every week listed. */
  weeks: z.array(InsightWeekSchema),
  /** SERVICE_TIME_WEEKS weeks (the last of `weeks`), oldest first: how many met each service-time target. */
  serviceTimes: z.array(InsightServiceTimeWeekSchema),
  /** The longest-open requests, oldest report first. */
  oldestOpen: z.array(InsightOldestOpenSchema),
  /** Requests reported since `since` per machine model (the machine's name), most first. */
  models: z.array(InsightModelCountSchema),
  offers: z.object({
    /** All offer requests per status, every status listed. */
    byStatus: z.array(InsightOfferStatusCountSchema),
    /** Offer requests sent since `since`: how many were quoted, and how many within OFFER_QUOTE_WORKING_DAYS. */
    quoting: z.object({ sent: count, quoted: count, quotedInTime: count }),
  }),
});
export type Insight = z.infer<typeof InsightSchema>;

export const insightEndpoints = endpoints('staff', {
  get: {
    method: 'GET',
    path: '/api/staff/insight',
    summary: 'The insight dashboard: open requests, weekly flow and response times, models, offer quoting',
    access: { roles: SERVICE_STAFF_ROLES },
    responses: { 200: InsightSchema },
  },
});

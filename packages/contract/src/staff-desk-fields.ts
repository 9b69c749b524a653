import { z } from 'zod';
import { IdSchema } from './paging.ts';

/*
 * How the service department shares its work (issue 18, docs/decisions/062): who handles a request (its
 * assignee), its priority and tags, and whether it waits for the department's answer. The queue's parameters and
 * the request's fields use these; the endpoints are in staff-desk.ts.
 */

/** Lowest first: the database keeps the index (0..3), so sorting by priority is sorting by the number. */
export const SERVICE_REQUEST_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type ServiceRequestPriority = (typeof SERVICE_REQUEST_PRIORITIES)[number];
export const DEFAULT_PRIORITY: ServiceRequestPriority = 'normal';

/** The queue's views: everyone's requests, the signed-in staff member's own, those nobody took. */
export const STAFF_QUEUE_VIEWS = ['all', 'mine', 'unassigned'] as const;
export type StaffQueueView = (typeof STAFF_QUEUE_VIEWS)[number];

/**
 * The guarantee filter, by the machine's guarantee end day seen today in Poland: in guarantee (more than 30
 * days left), ending (0..30 days left), after (ended). Machines without a guarantee date match none.
 */
export const STAFF_GUARANTEE_FILTERS = ['active', 'ending', 'ended'] as const;

export const TAG_LIMITS = { length: 30, perRequest: 8, suggestions: 10 } as const;

/**
 * A tag: free short text, trimmed, inner spaces squeezed, lower case (so "Hydraulika" and "hydraulika " are one
 * tag); 1 to TAG_LIMITS.length characters.
 */
export const TagSchema = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, ' ').toLowerCase())
  .pipe(z.string().min(1, 'form.required').max(TAG_LIMITS.length, 'form.max-length'));

/** A colleague to hand a request over to (an active service employee or admin). */
export const StaffColleagueSchema = z.object({ id: IdSchema, name: z.string() });
export type StaffColleague = z.infer<typeof StaffColleagueSchema>;

/** Who wrote a request's newest chat message: its customer or the service department (with a name). */
export const LastAuthorSchema = z.object({
  kind: z.enum(['customer', 'staff']),
  name: z.string(),
});

/** One change of assignee, as the request's history shows it: null `assignee` is a release. */
export const AssignmentEntrySchema = z.object({
  assignee: StaffColleagueSchema.nullable(),
  /** Who made the change; null when their account is gone. */
  changedBy: z.string().nullable(),
  /** ISO date-time. */
  changedAt: z.iso.datetime(),
});
export type AssignmentEntry = z.infer<typeof AssignmentEntrySchema>;

/** The department's fields of a request, on its staff page. */
export const StaffDeskFieldsSchema = z.object({
  assignee: StaffColleagueSchema.nullable(),
  priority: z.enum(SERVICE_REQUEST_PRIORITIES),
  tags: z.array(z.string()),
  /** ISO date-time since when the customer waits for an answer; null: nobody waits. */
  waitingSince: z.iso.datetime().nullable(),
  /** Oldest first. */
  assignmentHistory: z.array(AssignmentEntrySchema),
});
export type StaffDeskFields = z.infer<typeof StaffDeskFieldsSchema>;

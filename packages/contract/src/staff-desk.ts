import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';
import { IdSchema } from './paging.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';
import {
  SERVICE_REQUEST_PRIORITIES,
  StaffColleagueSchema,
  TAG_LIMITS,
  TagSchema,
} from './staff-desk-fields.ts';
import { StaffServiceRequestSchema } from './staff.ts';

/*
 * The service department's shared desk (issue 18, docs/decisions/062): taking, handing over and releasing
 * requests, their priority and tags, "no answer needed", and the team's "waiting for us" count. Roles service and
 * admin only; anyone else signed in is FORBIDDEN.
 *
 * Refusals: an assignee who is not an active service employee or admin is ASSIGNEE_NOT_STAFF (422); an assignee
 * change from someone who is no longer the assignee (a colleague took or released it meanwhile) is
 * ASSIGNMENT_CHANGED_MEANWHILE (409); a tag longer than TAG_LIMITS.length or more than TAG_LIMITS.perRequest tags
 * is VALIDATION_FAILED with the field.
 */

export { SERVICE_REQUEST_PRIORITIES, TAG_LIMITS };

/**
 * PUT api/staff/service-requests/{id}/assignee. Take: `assigneeId` = oneself; hand over: a colleague's id;
 * release: null. `fromAssigneeId` is the assignee the screen showed (null: nobody).
 */
export const StaffAssignmentSchema = z.object({
  assigneeId: IdSchema.nullable(),
  fromAssigneeId: IdSchema.nullable(),
});
export type StaffAssignment = z.infer<typeof StaffAssignmentSchema>;

/** PUT api/staff/service-requests/{id}/triage: priority and the whole set of tags (duplicates dropped). */
export const StaffTriageSchema = z.object({
  priority: z.enum(SERVICE_REQUEST_PRIORITIES),
  tags: z
    .array(TagSchema)
    .max(TAG_LIMITS.perRequest, 'form.max-items')
    .transform((tags) => [...new Set(tags)]),
});
export type StaffTriage = z.input<typeof StaffTriageSchema>;

/** GET api/staff/waiting: how many requests wait for the department's answer (the header's badge). */
export const StaffWaitingSchema = z.object({ count: z.number().int().min(0) });
export type StaffWaiting = z.infer<typeof StaffWaitingSchema>;

/** GET api/staff/colleagues: the active service employees and admins, by name. */
export const StaffColleaguesSchema = z.array(StaffColleagueSchema);

/** GET api/staff/tags?q=: tags in use starting with q (folded), the first TAG_LIMITS.suggestions by name. */
export const StaffTagsQuerySchema = z.object({
  q: z.string().trim().max(TAG_LIMITS.length, 'form.max-length').optional(),
});
export const StaffTagsSchema = z.array(z.string());

const staffOnly = { roles: SERVICE_STAFF_ROLES };

export const staffDeskEndpoints = endpoints('staff', {
  assign: {
    method: 'PUT',
    path: '/api/staff/service-requests/:id/assignee',
    summary: 'Take, hand over or release a request; kept in its history, live for the other staff',
    access: staffOnly,
    params: IdParams,
    body: StaffAssignmentSchema,
    responses: { 200: StaffServiceRequestSchema },
    errors: [409, 422],
  },
  triage: {
    method: 'PUT',
    path: '/api/staff/service-requests/:id/triage',
    summary: 'Set the priority and the tags of a request',
    access: staffOnly,
    params: IdParams,
    body: StaffTriageSchema,
    responses: { 200: StaffServiceRequestSchema },
  },
  answered: {
    method: 'POST',
    path: '/api/staff/service-requests/:id/no-answer-needed',
    summary: 'Mark a waiting request as needing no answer: it no longer waits for the department',
    access: staffOnly,
    params: IdParams,
    responses: { 200: StaffServiceRequestSchema },
  },
  waiting: {
    method: 'GET',
    path: '/api/staff/waiting',
    summary: "How many requests wait for the department's answer (shared by the team)",
    access: staffOnly,
    responses: { 200: StaffWaitingSchema },
  },
  colleagues: {
    method: 'GET',
    path: '/api/staff/colleagues',
    summary: 'The active service employees and admins a request can be handed over to',
    access: staffOnly,
    responses: { 200: StaffColleaguesSchema },
  },
  tags: {
    method: 'GET',
    path: '/api/staff/tags',
    summary: 'Tags in use, for suggestions',
    access: staffOnly,
    query: StaffTagsQuerySchema,
    responses: { 200: StaffTagsSchema },
  },
});

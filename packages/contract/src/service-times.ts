import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { SERVICE_STAFF_ROLES } from './roles.ts';
import { SERVICE_REQUEST_PRIORITIES, type ServiceRequestPriority } from './staff-desk-fields.ts';

/*
 * Service times (issue 18, docs/decisions/066): per priority, how long the department may take to the first reply
 * and to completion. Both count working time in Poland — Monday to Friday, SERVICE_HOURS — so a request filed on
 * Friday evening is not overdue on Monday morning. Admins set them; service staff read them (the queue shows what is
 * left of them).
 */

/** The working day the targets count in (Europe/Warsaw local time): 8:00 to 16:00, Monday to Friday. */
export const SERVICE_HOURS = { start: 8, end: 16 } as const;
export const WORKING_HOURS_PER_DAY = SERVICE_HOURS.end - SERVICE_HOURS.start;

/** Whole working hours to the first reply, whole working days to completion. */
export const SERVICE_TIME_LIMITS = {
  firstReplyHours: { min: 1, max: 200 },
  completionDays: { min: 1, max: 250 },
} as const;

/** A request counts as "about to breach" when less than this share of its target's working time is left. */
export const SERVICE_TIME_WARN_SHARE = 0.2;

/** How many weeks the dashboard's "target met" shares look back (this one included). */
export const SERVICE_TIME_WEEKS = 12;

/** The two targets: the first staff reply, and completion (status F). */
export const SERVICE_TIME_TARGETS = ['reply', 'completion'] as const;
export type ServiceTimeTarget = (typeof SERVICE_TIME_TARGETS)[number];

/** Whole units within the limits; every failure (none given, a fraction, out of range) is the one message. */
const whole = (limits: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(limits.min, message).max(limits.max, message);

export const ServiceTimeTargetSchema = z.object({
  firstReplyHours: whole(SERVICE_TIME_LIMITS.firstReplyHours, 'form.service-time-hours'),
  completionDays: whole(SERVICE_TIME_LIMITS.completionDays, 'form.service-time-days'),
});
export type ServiceTimeTargetValues = z.infer<typeof ServiceTimeTargetSchema>;

/** Working minutes of a target. */
export const replyMinutes = (target: ServiceTimeTargetValues) => target.firstReplyHours * 60;
export const completionMinutes = (target: ServiceTimeTargetValues) =>
  target.completionDays * WORKING_HOURS_PER_DAY * 60;

/**
 * PUT api/admin/service-times (and what GET answers): every priority's targets. Refused (VALIDATION_FAILED, the
 * field named): a first reply due later than completion; a more urgent priority with a longer target than a less
 * urgent one (its field is the more urgent one's).
 */
export const ServiceTimeTargetsSchema = z
  .object({
    low: ServiceTimeTargetSchema,
    normal: ServiceTimeTargetSchema,
    high: ServiceTimeTargetSchema,
    urgent: ServiceTimeTargetSchema,
  })
  .superRefine((targets, context) => {
    SERVICE_REQUEST_PRIORITIES.forEach((priority, index) => {
      const target = targets[priority];
      if (replyMinutes(target) > completionMinutes(target)) {
        context.addIssue({
          code: 'custom',
          path: [priority, 'firstReplyHours'],
          message: 'form.reply-after-completion',
        });
      }
      const lessUrgent: ServiceRequestPriority | undefined = SERVICE_REQUEST_PRIORITIES[index - 1];
      if (!lessUrgent) return;
      const other = targets[lessUrgent];
      if (target.firstReplyHours > other.firstReplyHours) {
        context.addIssue({
          code: 'custom',
          path: [priority, 'firstReplyHours'],
          message: 'form.priority-order',
        });
      }
      if (target.completionDays > other.completionDays) {
        context.addIssue({
          code: 'custom',
          path: [priority, 'completionDays'],
          message: 'form.priority-order',
        });
      }
    });
  });
export type ServiceTimeTargets = z.infer<typeof ServiceTimeTargetsSchema>;

/** The targets seeded by the migration (docs/decisions/066). */
export const DEFAULT_SERVICE_TIME_TARGETS: ServiceTimeTargets = {
  low: { firstReplyHours: 24, completionDays: 20 },
  normal: { firstReplyHours: 16, completionDays: 10 },
  high: { firstReplyHours: 8, completionDays: 5 },
  urgent: { firstReplyHours: 4, completionDays: 2 },
};

/**
 * The queue's view of a request's next target: the first reply while no staff member wrote, then completion, until
 * the request is final (none then). `minutesLeft` is working time (negative: overdue by that much); `state` is
 * `soon` when less than SERVICE_TIME_WARN_SHARE of the target is left.
 */
export const ServiceDueSchema = z.object({
  target: z.enum(SERVICE_TIME_TARGETS),
  /** ISO date-time the target falls due. */
  at: z.iso.datetime(),
  minutesLeft: z.number().int(),
  state: z.enum(['ok', 'soon', 'overdue']),
});
export type ServiceDue = z.infer<typeof ServiceDueSchema>;

export const serviceTimeEndpoints = endpoints('admin', {
  get: {
    method: 'GET',
    path: '/api/admin/service-times',
    summary: 'The first-reply and completion targets per priority (service staff may read them)',
    access: { roles: SERVICE_STAFF_ROLES },
    responses: { 200: ServiceTimeTargetsSchema },
  },
  update: {
    method: 'PUT',
    path: '/api/admin/service-times',
    summary: "Set every priority's targets; open requests' due times follow",
    access: { roles: ['admin'] },
    body: ServiceTimeTargetsSchema,
    responses: { 200: ServiceTimeTargetsSchema },
  },
});

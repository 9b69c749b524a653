import { z } from 'zod';
import { endpoints, IdParams } from './endpoint.ts';

/*
 * Confirm and rate a finished service request (issue 18, docs/decisions/065-rating-link.md): once a request is F
 * its customer rates the service 1–5 with an optional comment, once — from the request page (signed in) or from
 * the link of the F status e-mail (a single-purpose token, valid RATING_LINK_DAYS, usable once, that shows only
 * the request's code and machine). Staff see the rating on the request. Another customer's request is a 404.
 */

export const RATING_SCORE_MIN = 1;
export const RATING_SCORE_MAX = 5;
export const RATING_COMMENT_MAX = 1000;
/** How long the e-mailed rating link works. */
export const RATING_LINK_DAYS = 30;

/** A rating as the customer and staff see it. */
export const ServiceRatingSchema = z.object({
  score: z.int().min(RATING_SCORE_MIN).max(RATING_SCORE_MAX),
  comment: z.string().nullable(),
  /** ISO date-time. */
  ratedAt: z.iso.datetime(),
});
export type ServiceRating = z.infer<typeof ServiceRatingSchema>;

/** The rating form: a score and an optional comment ('' is none). */
export const RatingInputSchema = z.object({
  score: z
    .int('form.rating-required')
    .min(RATING_SCORE_MIN, 'form.rating-required')
    .max(RATING_SCORE_MAX, 'form.rating-required'),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, 'form.max-length')
    .optional()
    .transform((value) => value || null),
});
export type RatingInput = z.input<typeof RatingInputSchema>;

/** The e-mailed link's token (the page's path parameter), sent in the body so no log keeps it. */
const tokenField = z.string().min(1).max(200);

/** POST api/service-ratings/link: what the link's page shows. */
export const RatingLinkRequestSchema = z.object({ token: tokenField });

/** POST api/service-ratings/link/rating: the rating through the link. */
export const RatingLinkRatingSchema = RatingInputSchema.extend({ token: tokenField });
export type RatingLinkRating = z.input<typeof RatingLinkRatingSchema>;

/** open: the form may be sent; rated: the request has its rating (by link or page); expired: past its days. */
export const RATING_LINK_STATES = ['open', 'rated', 'expired'] as const;
export type RatingLinkState = (typeof RATING_LINK_STATES)[number];

/**
 * What a rating link shows, and nothing more: the request's code and machine (the owner's own request page, where
 * an expired link sends them, needs their sign-in).
 */
export const RatingLinkSchema = z.object({
  state: z.enum(RATING_LINK_STATES),
  serviceRequestId: z.string(),
  code: z.string(),
  machine: z.object({ name: z.string(), serialNumber: z.string() }),
});
export type RatingLink = z.infer<typeof RatingLinkSchema>;

export const ratingEndpoints = endpoints('ratings', {
  rate: {
    method: 'POST',
    path: '/api/service-requests/:id/rating',
    summary: 'Confirm my finished (F) service request and rate the service 1–5, once',
    description:
      "Another customer's request is a 404; a request not yet F is SERVICE_REQUEST_NOT_FINISHED, a second rating ALREADY_RATED (409).",
    access: { roles: ['customer'] },
    params: IdParams,
    body: RatingInputSchema,
    responses: { 200: ServiceRatingSchema },
    errors: [409],
  },
  link: {
    method: 'POST',
    path: '/api/service-ratings/link',
    summary:
      "What an e-mailed rating link shows: the request's code and machine and whether it may still be rated",
    description: 'No session needed: the token is the permission. An unknown token is INVALID_TOKEN (400).',
    access: 'anyone',
    body: RatingLinkRequestSchema,
    responses: { 200: RatingLinkSchema },
    errors: [429],
  },
  rateByLink: {
    method: 'POST',
    path: '/api/service-ratings/link/rating',
    summary: 'Rate the service through the e-mailed link (once; the link expires after 30 days)',
    description:
      'Unknown token: INVALID_TOKEN (400); expired: RATING_LINK_EXPIRED (410); already rated: ALREADY_RATED (409).',
    access: 'anyone',
    body: RatingLinkRatingSchema,
    responses: { 200: RatingLinkSchema },
    errors: [409, 410, 429],
  },
});

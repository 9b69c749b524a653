import { z } from 'zod';

/**
 * The closed list of error codes the API answers with. The web maps each code to a translation
 * (`errors:<code>`), so the server's English `message` is only a fallback for other clients.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  /** Sign-in refused: wrong e-mail or password (the same answer whether or not the account exists). */
  'INVALID_CREDENTIALS',
  /** Sign-in with the right password to an account whose e-mail address is not confirmed yet. */
  'EMAIL_NOT_CONFIRMED',
  /** A confirmation or password-reset link that is unknown, expired or already used. */
  'INVALID_TOKEN',
  /** The captcha solution is missing or not valid (SPEC §5 "verify the captcha"). */
  'CAPTCHA_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  /** The path exists but not with this method (405, with an Allow header listing those it has). */
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  /** The request's headers are larger than the server reads (cookies gone wild): 431. */
  'HEADERS_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** Per-user quotas (429 with Retry-After): chat messages per minute, offer requests per minute, upload volume per day. */
  'TOO_MANY_MESSAGES',
  'TOO_MANY_OFFER_REQUESTS',
  'UPLOAD_QUOTA_EXCEEDED',
  'ORIGIN_NOT_ALLOWED',
  /** An uploaded file is larger than the per-file limit (UPLOAD_MAX_FILE_MB). */
  'FILE_TOO_LARGE',
  /** An uploaded file's content (its first bytes) is not one of the accepted types, whatever its name says. */
  'FILE_TYPE_NOT_ALLOWED',
  /** An uploaded file has no content. */
  'FILE_EMPTY',
  /** More files in one upload than UPLOAD_MAX_FILES. */
  'TOO_MANY_FILES',
  /** The files of one upload together exceed UPLOAD_MAX_REQUEST_MB. */
  'REQUEST_TOO_LARGE',
  /** An upload of appendices without any file (SPEC §5 "files must be selected for upload"). */
  'FILES_REQUIRED',
  /** The service request is in a final status (F, X, U) and takes no more appendices. */
  'SERVICE_REQUEST_CLOSED',
  /** A service request status change not allowed by SERVICE_REQUEST_TRANSITIONS from the current status. */
  'INVALID_STATUS_TRANSITION',
  /** The request's status changed since the screen showed it (someone else changed it first). */
  'STATUS_CHANGED_MEANWHILE',
  /** An assignee who is not an active service employee or admin (docs/decisions/062). */
  'ASSIGNEE_NOT_STAFF',
  /** The request's assignee changed since the screen showed it (a colleague took or released it first). */
  'ASSIGNMENT_CHANGED_MEANWHILE',
  /** A completion date (estimated or actual) before the day the request was reported. */
  'DATE_BEFORE_REPORT_DATE',
  /** Intake (docs/decisions/064): a correction of a request in a final status (F, X, U). */
  'CORRECTION_NOT_ALLOWED',
  /** A correction whose values are the request's current ones. */
  'NOTHING_TO_CORRECT',
  /** A request marked as a duplicate of itself. */
  'DUPLICATE_OF_ITSELF',
  /** A request marked as a duplicate of another customer's request. */
  'DUPLICATE_OF_OTHER_CUSTOMER',
  /** A request marked as a duplicate of one that is closed (F, X, U; a duplicate is closed too). */
  'DUPLICATE_ORIGINAL_CLOSED',
  /** A request that others duplicate cannot become a duplicate itself (the links would chain). */
  'DUPLICATE_HAS_DUPLICATES',
  /** Rating (issue 18): the request already has its customer's rating; it is given once. */
  'ALREADY_RATED',
  /** Rating: the request is not executed (F) yet. */
  'SERVICE_REQUEST_NOT_FINISHED',
  /** Rating: the e-mailed link is past its 30 days (the request page still takes the rating). */
  'RATING_LINK_EXPIRED',
  /** A catalogue import file with problems (each listed in the answer); nothing was imported. */
  'CATALOG_IMPORT_INVALID',
  /** A machines CSV with bad rows (each listed in the answer); nothing was imported. */
  'MACHINE_IMPORT_INVALID',
  /** The change would leave no active admin (disabling or demoting the last one, oneself included). */
  'LAST_ADMIN',
  /** The file store has no room left (ENOSPC, quota): nothing of the upload was kept. */
  'STORAGE_FULL',
  /** The file store cannot be written (read-only, no permission): nothing of the upload was kept. */
  'STORAGE_UNAVAILABLE',
  /** Staff password sign-in is turned off (STAFF_PASSWORD_SIGN_IN=false): staff sign in with single sign-on. */
  'PASSWORD_SIGN_IN_DISABLED',
  /** Single sign-on refused (sso.ts SSO_ERROR_CODES); the sign-in page shows them from its address. */
  'SSO_FAILED',
  'SSO_NO_ROLE',
  'SSO_ACCOUNT_CONFLICT',
  'SSO_ACCOUNT_DISABLED',
  /** The session list: the current session is ended by signing out, not from the list. */
  'SESSION_IS_CURRENT',
  /** Customers (issue 15): a confirmation e-mail for an account that is no longer pending. */
  'CUSTOMER_NOT_PENDING',
  /** Customers: reactivation of an account that is not deactivated. */
  'CUSTOMER_NOT_DEACTIVATED',
  /** Customers: no machine has this serial number. */
  'MACHINE_NOT_FOUND',
  /** Customers: the machine already belongs to this customer. */
  'MACHINE_ALREADY_ASSIGNED',
  /** Customers: the machine belongs to another customer (assign it with `move` to take it from them). */
  'MACHINE_OWNED_BY_ANOTHER',
  /** The session has the password but not yet the second factor the account has (auth/second-factor). */
  'SECOND_FACTOR_REQUIRED',
  /** A staff session whose account must set up a second factor (the admin's requirement) before anything else. */
  'SECOND_FACTOR_SETUP_REQUIRED',
  /** A wrong, used or expired TOTP code, recovery code or passkey answer. */
  'INVALID_SECOND_FACTOR',
  /** The last second factor of an account that must have one (staff with the requirement on). */
  'LAST_SECOND_FACTOR',
  /** A passkey registration the server could not verify (expired challenge, other site, unsupported key). */
  'PASSKEY_NOT_VERIFIED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * One validation problem: `path` is the dotted field name, `code` a translation key under `validation:`, `params`
 * the values its message names (e.g. the example of a country's postal code format).
 */
export const FieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  fields: z.array(FieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

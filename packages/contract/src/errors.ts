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
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'ORIGIN_NOT_ALLOWED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** One validation problem: `path` is the dotted field name, `code` a translation key under `validation:`. */
export const FieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  fields: z.array(FieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

import { createHmac } from 'node:crypto';
import type { CaptchaChallenge } from '@care/contract/auth';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { AppError } from '#app/plugins/errors.ts';
import { claimOnce } from '#app/plugins/rate-limit.ts';

/** PBKDF2 runs on WebCrypto in every browser the portal supports, also on a farmer's older phone. */
const ALGORITHM = 'PBKDF2/SHA-256';
/** Long enough to fill in the registration form after the widget solved the challenge. */
const CHALLENGE_TTL_MS = 30 * 60_000;

/** What the ALTCHA widget posts: base64 of `{ challenge, solution }`. Parsed strictly before any crypto. */
const hex = z.string().regex(/^[0-9a-f]{2,256}$/);
const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: hex,
      salt: hex,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: hex,
      keySignature: hex.optional(),
      expiresAt: z.number().int().positive(),
    }),
    signature: hex,
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

export interface Captcha {
  readonly required: boolean;
  challenge(): Promise<CaptchaChallenge>;
  /** True for a genuine, unexpired solution that has not been used before (each solution works once). */
  isSolved(payload: string): Promise<boolean>;
  /** preHandler of registration and reset: refuses the request unless captcha is off or `captchaResponse` is solved. */
  guard: preHandlerAsyncHookHandler;
}

const refused = () =>
  new AppError('CAPTCHA_REQUIRED', undefined, [{ path: 'captchaResponse', code: 'form.captcha-required' }]);

function decode(payload: string): z.infer<typeof PayloadSchema> | null {
  try {
    const result = PayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * ALTCHA proof of work (docs/design.md: self-hosted, no third party). Challenges are signed with CAPTCHA_HMAC_KEY
 * and made in "deterministic" mode: the server knows the secret counter's key, so checking a solution costs
 * one HMAC while finding it costs the browser up to CAPTCHA_MAX_NUMBER key derivations.
 */
export function createCaptcha(env: Env, db: Db): Captcha {
  const hmacSignatureSecret = env.CAPTCHA_HMAC_KEY;
  const hmacKeySignatureSecret = createHmac('sha256', env.CAPTCHA_HMAC_KEY)
    .update('altcha-key-signature')
    .digest('hex');

  async function challenge(): Promise<CaptchaChallenge> {
    const created: Challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: env.CAPTCHA_COST,
      counter: randomInt(env.CAPTCHA_MAX_NUMBER, Math.ceil(env.CAPTCHA_MAX_NUMBER / 5)),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    });
    return {
      required: env.CAPTCHA_REQUIRED,
      parameters: { ...created.parameters },
      signature: created.signature,
    };
  }

  async function isSolved(payload: string): Promise<boolean> {
    const decoded = decode(payload);
    if (!decoded) return false;
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    });
    if (!result.verified) return false;
    const { nonce, expiresAt } = decoded.challenge.parameters;
    return claimOnce(db, `captcha:${nonce}`, new Date(expiresAt * 1000));
  }

  const guard: preHandlerAsyncHookHandler = async (request) => {
    if (!env.CAPTCHA_REQUIRED) return;
    const payload = (request.body as { captchaResponse?: unknown } | undefined)?.captchaResponse;
    if (typeof payload !== 'string' || !payload || !(await isSolved(payload))) throw refused();
  };

  return { required: env.CAPTCHA_REQUIRED, challenge, isSolved, guard };
}

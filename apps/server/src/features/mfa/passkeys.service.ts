import type { Passkey, PasskeyOptions, SecondFactorStep } from '@care/contract/mfa';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { displayName } from '#app/db/display-name.ts';
import { passkeys } from '#app/db/schema/mfa.ts';
import { recordAudit } from '#app/audit/audit.ts';
import { AppError } from '#app/plugins/errors.ts';
import type { Actor } from '#app/plugins/session.ts';
import { afterFactorAdded, afterFactorRemoved, assertMayRemoveFactor } from './factors.ts';
import { CEREMONY_TIMEOUT_MS, relyingParty, storeChallenge, takeChallenge } from './webauthn.ts';

/** The WebAuthn user handle: the account id as bytes (no e-mail in it, it is stored on the authenticator). */
const userHandleOf = (userId: number) => new TextEncoder().encode(`u${userId}`);
const userIdOfHandle = (handle: string | undefined): number | null => {
  if (!handle) return null;
  const match = /^u(\d+)$/.exec(new TextDecoder().decode(isoBase64URL.toBuffer(handle)));
  return match ? Number(match[1]) : null;
};

const credentialsOf = (db: Db, userId: number) =>
  db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));

export async function listPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** POST api/user/mfa/passkeys/options: a discoverable credential, so it can later sign in without the e-mail. */
export async function passkeyRegistrationOptions(db: Db, env: Env, actor: Actor): Promise<PasskeyOptions> {
  const rp = relyingParty(env);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(actor.id),
    userName: actor.email,
    userDisplayName: displayName(actor),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: (await credentialsOf(db, actor.id)).map((c) => ({
      id: c.credentialId,
      transports: c.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', actor.id);
  return { ...options };
}

/** POST api/user/mfa/passkeys: verifies the browser's answer and keeps the passkey. */
export async function addPasskey(
  db: Db,
  env: Env,
  actor: Actor,
  input: { name: string; response: RegistrationResponseJSON },
  ip: string,
  pendingStep: SecondFactorStep | null,
): Promise<string[] | null> {
  const rp = relyingParty(env);
  return db.transaction(async (tx) => {
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: takeChallenge(tx, 'register', actor.id),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    }).catch(() => ({ verified: false as const }));
    if (!verification.verified) throw new AppError('PASSKEY_NOT_VERIFIED');
    const { credential } = verification.registrationInfo;
    const [taken] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.credentialId, credential.id));
    if (taken) throw new AppError('PASSKEY_NOT_VERIFIED');
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: actor.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .returning({ id: passkeys.id });
    await recordAudit(tx, actor, {
      kind: 'auth.passkey-added',
      subject: { type: 'user', id: actor.id, label: actor.email },
      after: { passkey: row!.id, name: input.name },
      ip,
    });
    return afterFactorAdded(tx, actor, ip, pendingStep);
  });
}

export async function renamePasskey(db: Db, actor: Actor, passkeyId: number, name: string): Promise<void> {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  if (renamed.length === 0) throw new AppError('NOT_FOUND');
}

/** DELETE api/user/mfa/passkeys/:id (password confirmed by the route); another account's passkey is a 404. */
export async function removePasskey(db: Db, actor: Actor, passkeyId: number, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passkeys.id, name: passkeys.name })
      .from(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, actor.id)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    await assertMayRemoveFactor(tx, actor);
    await tx.delete(passkeys).where(eq(passkeys.id, row.id));
    await afterFactorRemoved(tx, actor.id);
    await recordAudit(tx, actor, {
      kind: 'auth.passkey-removed',
      subject: { type: 'user', id: actor.id, label: actor.email },
      before: { passkey: row.id, name: row.name },
      ip,
    });
  });
}

/**
 * Options for navigator.credentials.get(): for a known account (second factor) its passkeys; for a sign-in
 * with no e-mail (userId null) any discoverable passkey of this site.
 */
export async function passkeyAuthenticationOptions(
  db: Db,
  env: Env,
  userId: number | null,
): Promise<PasskeyOptions> {
  const allowCredentials =
    userId === null
      ? undefined
      : (await credentialsOf(db, userId)).map((c) => ({ id: c.credentialId, transports: c.transports }));
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(env).id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await storeChallenge(db, options.challenge, userId === null ? 'sign-in' : 'second-factor', userId);
  return { ...options };
}

/**
 * Verifies a passkey's answer (signature, challenge, origin, user verification) and answers its account. For a
 * second factor the passkey must be the expected account's. The signature counter must grow where it is used.
 */
export async function verifyPasskey(
  tx: Db,
  env: Env,
  response: AuthenticationResponseJSON,
  expectedUserId: number | null,
): Promise<number> {
  const [row] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).for('update');
  if (!row) throw new AppError('INVALID_SECOND_FACTOR');
  if (expectedUserId !== null && row.userId !== expectedUserId) throw new AppError('INVALID_SECOND_FACTOR');
  // A discoverable credential names its account in the user handle; it must be the one we stored it for.
  const handleUser = userIdOfHandle(response.response.userHandle);
  if (handleUser !== null && handleUser !== row.userId) throw new AppError('INVALID_SECOND_FACTOR');
  const rp = relyingParty(env);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: takeChallenge(
      tx,
      expectedUserId === null ? 'sign-in' : 'second-factor',
      expectedUserId,
    ),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: row.credentialId,
      publicKey: isoBase64URL.toBuffer(row.publicKey),
      counter: row.counter,
      transports: row.transports as never,
    },
  }).catch(() => ({ verified: false }) as const);
  if (!verification.verified) throw new AppError('INVALID_SECOND_FACTOR');
  await tx
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, row.id));
  return row.userId;
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed part of a reply address, `reply+<token>@domain` (docs/decisions/063): whose reply it is (the user) and
 * to which request, until when. Lower-case letters, digits and dashes only, because mail systems on the way may
 * change the case of a local part; 96 bits of HMAC-SHA256, so a guessed token needs ~2^96 e-mails.
 */

export interface ReplyTarget {
  requestId: number;
  userId: number;
}

/** A reply to an e-mail older than this is refused: the address in it was meant for that conversation, not forever. */
export const REPLY_TOKEN_DAYS = 60;
const MAC_HEX = 24;
const TOKEN = /^([0-9a-z]{1,13})-([0-9a-z]{1,13})-([0-9a-z]{1,9})-([0-9a-f]{24})$/;

const macOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`chat-reply:${payload}`).digest('hex').slice(0, MAC_HEX);

export function signReplyToken(secret: string, target: ReplyTarget, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + REPLY_TOKEN_DAYS * 86_400;
  const payload = [target.requestId, target.userId, expires].map((n) => n.toString(36)).join('-');
  return `${payload}-${macOf(secret, payload)}`;
}

export type TokenCheck =
  { ok: true; target: ReplyTarget } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

export function verifyReplyToken(secret: string, token: string, now: Date): TokenCheck {
  const match = TOKEN.exec(token.toLowerCase());
  if (!match) return { ok: false, reason: 'malformed' };
  const [, request, user, expires, mac] = match;
  const expected = Buffer.from(macOf(secret, `${request}-${user}-${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(mac!))) return { ok: false, reason: 'forged' };
  if (parseInt(expires!, 36) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, target: { requestId: parseInt(request!, 36), userId: parseInt(user!, 36) } };
}

/** `reply@portal.example` + token → `reply+<token>@portal.example`. */
export function replyAddress(base: string, token: string): string {
  const at = base.lastIndexOf('@');
  return `${base.slice(0, at)}+${token}${base.slice(at)}`;
}

/** The token of a recipient address of `base`'s form, or null when the address is not one (another domain, no tag). */
export function tokenOfAddress(base: string, address: string): string | null {
  const at = base.lastIndexOf('@');
  const [local, domain] = [base.slice(0, at).toLowerCase(), base.slice(at + 1).toLowerCase()];
  const match = /^([^@]+)\+([^@+]+)@([^@]+)$/.exec(address.trim().toLowerCase());
  if (!match || match[1] !== local || match[3] !== domain) return null;
  return match[2]!;
}

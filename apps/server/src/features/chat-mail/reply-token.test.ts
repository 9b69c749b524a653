import { describe, expect, it } from 'vitest';
import {
  REPLY_TOKEN_DAYS,
  replyAddress,
  signReplyToken,
  tokenOfAddress,
  verifyReplyToken,
} from './reply-token.ts';

const SECRET = 'a-reply-secret-of-at-least-32-characters';
const now = new Date('2026-11-27T10:00:00Z');
const target = { requestId: 123_456, userId: 789 };

describe('reply tokens', () => {
  it('a signed token names its request and user, and fits a local part in lower case', () => {
    const token = signReplyToken(SECRET, target, now);
    expect(token).toMatch(/^[0-9a-z-]+$/);
    expect(`reply+${token}`.length).toBeLessThanOrEqual(64);
    expect(verifyReplyToken(SECRET, token, now)).toEqual({ ok: true, target });
    // A mail system on the way that changes the case does not break it.
    expect(verifyReplyToken(SECRET, token.toUpperCase(), now)).toEqual({ ok: true, target });
  });

  it('a token with another request, another user or another secret is forged', () => {
    const token = signReplyToken(SECRET, target, now);
    const [request, user, ...rest] = token.split('-');
    const otherRequest = [(123_457).toString(36), user, ...rest].join('-');
    const otherUser = [request, (790).toString(36), ...rest].join('-');
    expect(verifyReplyToken(SECRET, otherRequest, now)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyReplyToken(SECRET, otherUser, now)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyReplyToken(`${SECRET}!`, token, now)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyReplyToken(SECRET, 'nonsense', now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it(`a token is refused after ${REPLY_TOKEN_DAYS} days`, () => {
    const token = signReplyToken(SECRET, target, now);
    const day = 86_400_000;
    expect(verifyReplyToken(SECRET, token, new Date(now.getTime() + (REPLY_TOKEN_DAYS - 1) * day)).ok).toBe(
      true,
    );
    expect(verifyReplyToken(SECRET, token, new Date(now.getTime() + (REPLY_TOKEN_DAYS + 1) * day))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('the reply address is the base address tagged with the token, and only such an address yields one', () => {
    expect(replyAddress('reply@portal.example', 'abc')).toBe('reply+abc@portal.example');
    expect(tokenOfAddress('reply@portal.example', 'Reply+ABC@Portal.Example')).toBe('abc');
    expect(tokenOfAddress('reply@portal.example', 'reply@portal.example')).toBeNull();
    expect(tokenOfAddress('reply@portal.example', 'reply+abc@other.example')).toBeNull();
    expect(tokenOfAddress('reply@portal.example', 'sales+abc@portal.example')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { defaultPoolMax, parseEnv } from './env.ts';

describe('environment', () => {
  it('has working defaults for a laptop', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.CAPTCHA_REQUIRED).toBe(false);
    expect(env.SEED_DEMO_DATA).toBe(true);
  });

  it('never seeds demo data in production unless asked to', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).SEED_DEMO_DATA).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe(true);
  });

  it('names every bad variable', () => {
    expect(() => parseEnv({ PORT: 'abc', CAPTCHA_REQUIRED: 'maybe', SALES_EMAIL: 'nope' })).toThrow(
      /PORT[\s\S]*SALES_EMAIL|SALES_EMAIL[\s\S]*PORT/,
    );
    expect(() => parseEnv({ CAPTCHA_REQUIRED: 'maybe' })).toThrow(/CAPTCHA_REQUIRED/);
  });

  it('asks for the reply secret with the reply address, and the reply address with the SMTP receiver', () => {
    expect(() => parseEnv({ MAIL_REPLY_ADDRESS: 'reply@portal.example' })).toThrow(/MAIL_REPLY_SECRET/);
    expect(() => parseEnv({ MAIL_INBOUND_SMTP_PORT: '2525' })).toThrow(/MAIL_REPLY_ADDRESS/);
    const secret = 'x'.repeat(32);
    const env = parseEnv({
      MAIL_REPLY_ADDRESS: 'reply@portal.example',
      MAIL_REPLY_SECRET: secret,
      MAIL_INBOUND_SMTP_PORT: '2525',
    });
    expect([env.MAIL_INBOUND_SMTP_PORT, env.MAIL_INBOUND_SMTP_HOST]).toEqual([2525, '127.0.0.1']);
    // Chat e-mails wait 10 minutes for the messages after them unless the journeys' servers say otherwise.
    expect(env.CHAT_MAIL_DELAY_S).toBe(600);
    expect(parseEnv({ CHAT_MAIL_DELAY_S: '2' }).CHAT_MAIL_DELAY_S).toBe(2);
  });

  it('normalises the base path', () => {
    expect(parseEnv({ BASE_PATH: '/portal/' }).BASE_PATH).toBe('/portal');
    expect(parseEnv({ BASE_PATH: '/' }).BASE_PATH).toBe('');
    expect(() => parseEnv({ BASE_PATH: 'portal' })).toThrow(/BASE_PATH/);
  });

  it("reads the customers' authorities as a list, RIGHT_CARE_VIEW_CATALOG by default", () => {
    expect(parseEnv({}).CUSTOMER_AUTHORITIES).toEqual(['RIGHT_CARE_VIEW_CATALOG']);
    expect(parseEnv({ CUSTOMER_AUTHORITIES: 'RIGHT_A, RIGHT_B' }).CUSTOMER_AUTHORITIES).toEqual([
      'RIGHT_A',
      'RIGHT_B',
    ]);
    expect(parseEnv({ CUSTOMER_AUTHORITIES: ',' }).CUSTOMER_AUTHORITIES).toEqual([]);
    expect(() => parseEnv({ CUSTOMER_AUTHORITIES: 'right-a' })).toThrow(/CUSTOMER_AUTHORITIES/);
  });

  it('logs JSON unless a person reads the terminal in development (issue 14)', () => {
    const terminal = { stdoutIsTerminal: true };
    expect(parseEnv({}, terminal).LOG_FORMAT).toBe('pretty');
    expect(parseEnv({}, { stdoutIsTerminal: false }).LOG_FORMAT).toBe('json');
    expect(parseEnv({ NODE_ENV: 'production' }, terminal).LOG_FORMAT).toBe('json');
    expect(parseEnv({ NODE_ENV: 'test' }, terminal).LOG_FORMAT).toBe('json');
    expect(parseEnv({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(parseEnv({ LOG_FORMAT: 'json' }, terminal).LOG_FORMAT).toBe('json');
    expect(() => parseEnv({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });

  it('sizes the connection pool from the cores (twice, from 2 to 10) unless DATABASE_POOL_MAX is set', () => {
    expect([1, 2, 4, 5, 32].map((cores) => defaultPoolMax(cores))).toEqual([2, 4, 8, 10, 10]);
    expect(parseEnv({}).DATABASE_POOL_MAX).toBe(defaultPoolMax());
    expect(parseEnv({ DATABASE_POOL_MAX: '3' }).DATABASE_POOL_MAX).toBe(3);
    expect(() => parseEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

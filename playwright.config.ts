import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';
import {
  dataDirOf,
  e2eDatabaseUrl,
  INBOUND_SMTP,
  OIDC_PROVIDER,
  SERVERS as servers,
  SHARED_DATA_DIR,
  type Server,
} from './e2e/support/servers.ts';

const isCI = Boolean(process.env.CI);

/**
 * The server under BASE_PATH also runs as production does (CAPTCHA_REQUIRED=true), so its journeys solve the
 * real ALTCHA challenge in the browser; a low cost keeps that under a second.
 */
const captchaRequired = {
  CAPTCHA_REQUIRED: 'true',
  CAPTCHA_HMAC_KEY: 'e2e-only-captcha-key-0123456789abcdef',
  CAPTCHA_COST: '200',
  CAPTCHA_MAX_NUMBER: '400',
};

/**
 * Two instances on one PostgreSQL database (this run's own, created by the first command that gets there) and
 * one file store, as production runs: what one writes, the other serves.
 */
const onePostgres = () => ({ DATABASE_URL: e2eDatabaseUrl(), DATA_DIR: SHARED_DATA_DIR() });
const SERVER_COMMAND = 'node --disable-warning=ExperimentalWarning apps/server/src/server.ts';

/**
 * The chat by e-mail (docs/decisions/063) on the root server: chat e-mails carry a reply address, its SMTP receiver
 * takes the answers, and a message is e-mailed 2 s after it was written instead of 10 minutes (CHAT_MAIL_DELAY_S).
 */
const chatByEmail = {
  MAIL_REPLY_ADDRESS: INBOUND_SMTP.replyAddress,
  MAIL_REPLY_SECRET: INBOUND_SMTP.replySecret,
  MAIL_INBOUND_SMTP_PORT: String(INBOUND_SMTP.port),
  CHAT_MAIL_DELAY_S: '2',
};

/** Staff single sign-on through the journeys' own OpenID provider (e2e/support/oidc-provider.ts). */
const singleSignOn = {
  OIDC_ISSUER_URL: OIDC_PROVIDER.issuer,
  OIDC_CLIENT_ID: OIDC_PROVIDER.clientId,
  OIDC_CLIENT_SECRET: OIDC_PROVIDER.clientSecret,
  OIDC_PROVIDER_NAME: OIDC_PROVIDER.providerName,
  OIDC_SCOPES: 'openid email profile groups',
  OIDC_ROLE_GROUPS: 'service=care-service,sales=care-sales,admin=care-admins',
  STAFF_PASSWORD_SIGN_IN: 'false',
};

function webServer(server: Server, extraEnv: Record<string, string> = {}, before = '') {
  const { port, basePath } = server;
  return {
    // `node` is Node 24 from the `node` devDependency: npm and npx put node_modules/.bin first on PATH.
    command: before ? `${before} && ${SERVER_COMMAND}` : SERVER_COMMAND,
    // /healthz sits outside BASE_PATH on purpose (load balancers), so it answers for both servers.
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: !isCI,
    // Migrations and the demo seed on in-memory PGlite take 20–30 s on a busy 2-core machine.
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      // A fresh in-memory database with the demo data for every run: journeys never see each other's leftovers.
      DATABASE_URL: 'memory://',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      HOST: 'localhost',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      BASE_PATH: basePath,
      // Mail (.eml files) and uploads of this run only, read by the journeys (e2e/support/mail.ts).
      DATA_DIR: dataDirOf(server),
      CAPTCHA_REQUIRED: 'false',
      // Every journey signs in from 127.0.0.1; the per-account limits stay as in production.
      RATE_LIMIT_IP_FACTOR: '100',
      // Every journey registers at @example.com: over 20 an hour on the root server (the limit has its server test).
      QUOTA_REGISTRATIONS_PER_DOMAIN_PER_HOUR: '500',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  // The 2-core machine: the servers and two browsers already share it.
  workers: 2,
  // A retry in CI only records a trace of the failure; failOnFlakyTests still fails the run, so a flaky
  // journey is reported as the bug it is instead of passing on its second try.
  retries: isCI ? 1 : 0,
  failOnFlakyTests: isCI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    // The portal's customers are in Poland; journeys that need another browser language set it themselves.
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    colorScheme: 'light',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [/base-path\.spec\.ts/, /two-instances\.spec\.ts/, /sso\.spec\.ts/],
      use: { baseURL: `http://localhost:${servers.root.port}` },
    },
    {
      name: 'base-path',
      testMatch: /base-path\.spec\.ts/,
      // The trailing slash matters: specs use relative paths ("register"), resolved under /portal/.
      use: { baseURL: `http://localhost:${servers.basePath.port}${servers.basePath.basePath}/` },
    },
    {
      name: 'sso',
      testMatch: /sso\.spec\.ts/,
      use: { baseURL: `http://localhost:${servers.sso.port}` },
    },
    {
      name: 'two-instances',
      testMatch: /two-instances\.spec\.ts/,
      testIgnore: /mfa\.two-instances\.spec\.ts/,
      use: { baseURL: `http://localhost:${servers.first.port}` },
    },
    {
      // The second-factor journeys turn the staff requirement on for the portal of these two instances: they run
      // after the other journeys there, whose staff sign-ins it would otherwise hold.
      name: 'two-instances-settings',
      testMatch: /mfa\.two-instances\.spec\.ts/,
      dependencies: ['two-instances'],
      use: { baseURL: `http://localhost:${servers.first.port}` },
    },
  ],
  webServer: [
    webServer(servers.root, chatByEmail),
    webServer(servers.basePath, captchaRequired),
    ...[servers.first, servers.second].map((server) =>
      webServer(server, onePostgres(), 'node e2e/support/create-database.ts'),
    ),
    webServer(servers.sso, singleSignOn),
    {
      command: 'node --disable-warning=ExperimentalWarning e2e/support/oidc-provider.ts',
      url: `${OIDC_PROVIDER.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: !isCI,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
});

import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const isCI = Boolean(process.env.CI);

/** The two servers the journeys run against: the built app at the root, and the same build under BASE_PATH. */
const servers = {
  root: { port: 3110, basePath: '' },
  basePath: { port: 3111, basePath: '/portal' },
} as const;

/**
 * Playwright's own Chromium cannot be downloaded on our build machines, so Debian's is used where it exists.
 * PLAYWRIGHT_CHROMIUM_PATH points elsewhere; with neither, Playwright's bundled browser is used.
 */
const chromiumPath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

function webServer({ port, basePath }: { port: number; basePath: string }) {
  return {
    // `node` is Node 24 from the `node` devDependency: npm and npx put node_modules/.bin first on PATH.
    command: 'node --disable-warning=ExperimentalWarning apps/server/src/server.ts',
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
      CAPTCHA_REQUIRED: 'false',
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
    launchOptions: {
      ...(chromiumPath ? { executablePath: chromiumPath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /base-path\.spec\.ts/,
      use: { baseURL: `http://localhost:${servers.root.port}` },
    },
    {
      name: 'base-path',
      testMatch: /base-path\.spec\.ts/,
      // The trailing slash matters: specs use relative paths ("register"), resolved under /portal/.
      use: { baseURL: `http://localhost:${servers.basePath.port}${servers.basePath.basePath}/` },
    },
  ],
  webServer: [webServer(servers.root), webServer(servers.basePath)],
});

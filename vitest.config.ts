import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Test files of a worker share one migrated PGlite template (src/test/app.ts) and clone it.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
    ],
  },
});

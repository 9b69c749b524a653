/**
 * react-dom's client, evaluated with its own chunk (vite.config.ts, group `react`). react-dom is CommonJS: the
 * bundler runs its module body on the first `require`, which without this module happens inside the app's
 * entry chunk — one long task at start-up instead of one per chunk (docs/perf.md, Lighthouse).
 */
import * as client from 'react-dom/client';

export const { createRoot, hydrateRoot } = client;

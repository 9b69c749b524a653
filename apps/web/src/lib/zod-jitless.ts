import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` where it may, and probes for that (`new Function('')`) as it
 * builds the first object schema. The portal's CSP allows no 'unsafe-eval', so the probe raised a `script-src`
 * violation report on every page, although zod caught the error. Jitless skips the probe and the compiling
 * (zod's own advice for CSP pages); parsing is then interpreted, which for the portal's small payloads is no
 * measurable cost. main.tsx imports this module first, before any module that builds a schema.
 */
z.config({ jitless: true });

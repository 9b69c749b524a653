import { z } from 'zod';

/**
 * What the hosting page puts in `window.__PORTAL_CONFIG__` (SPEC §1): three strings, each defaulting to "".
 * Our server writes it into index.html; any other host page may write it too.
 */
export const PortalConfigSchema = z.object({
  apiBaseUrl: z.string().default(''),
  routerBaseName: z.string().default(''),
  basePath: z.string().default(''),
  /**
   * Staff single sign-on: the provider's name for the "Sign in with …" button; absent when it is not configured
   * (so host pages that write only the three strings above keep working).
   */
  ssoProviderName: z.string().optional(),
});
export type PortalConfig = z.infer<typeof PortalConfigSchema>;
export const PORTAL_CONFIG_GLOBAL = '__PORTAL_CONFIG__';

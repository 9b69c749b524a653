import { PORTAL_CONFIG_GLOBAL, PortalConfigSchema, type PortalConfig } from '@care/contract/runtime-config';

export type RuntimeConfigResult =
  { ok: true; config: PortalConfig } | { ok: false; message: string; errors: string[] };

// SPEC §5: these two start-up messages are in Polish on purpose: i18n cannot start without a valid configuration.
export const CONFIG_MISSING_MESSAGE = 'Konfiguracja aplikacji jest zdefiniowana niepoprawnie.';
export const CONFIG_INVALID_MESSAGE =
  'Nieprawidłowe zmienne środowiskowe. Sprawdź plik ze zmiennymi środowiskowymi (.env). Błędy:';

/** Reads `window.__PORTAL_CONFIG__` (SPEC §1, §5): a missing object or a non-text setting stops start-up. */
export function readRuntimeConfig(source: Record<string, unknown>): RuntimeConfigResult {
  const raw = source[PORTAL_CONFIG_GLOBAL];
  if (raw === undefined || raw === null || typeof raw !== 'object') {
    return { ok: false, message: CONFIG_MISSING_MESSAGE, errors: [] };
  }
  const parsed = PortalConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => `${issue.path.join('.')}: oczekiwano tekstu`);
    return { ok: false, message: CONFIG_INVALID_MESSAGE, errors };
  }
  return { ok: true, config: parsed.data };
}

let current: PortalConfig = { apiBaseUrl: '', routerBaseName: '', basePath: '' };

/** Set once by main.tsx after a successful read; everything else reads it through these helpers. */
export function setRuntimeConfig(config: PortalConfig): void {
  current = config;
}

export function runtimeConfig(): PortalConfig {
  return current;
}

function joinPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** SPEC §7: every call goes to the API base address; with none given, to the base path of the page. */
export function apiUrl(path: string): string {
  return joinPath(current.apiBaseUrl || current.basePath, path);
}

/** An URL of a static file shipped with the web app (locales, images) under the base path. */
export function publicUrl(path: string): string {
  return joinPath(current.basePath, path);
}

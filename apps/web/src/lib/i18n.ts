import { FALLBACK_LANGUAGE, LANGUAGES } from '@care/contract/locales';
import i18n, { type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { publicUrl } from '#app/config/runtime-config.ts';

/** The namespaces in apps/web/public/locales/lang/<ns>/<lng>.json; a screen loads only the ones it uses. */
export const NAMESPACES = [
  'common',
  'layout',
  'auth',
  'catalog',
  'machines',
  'services',
  'staff',
  'cart',
  'errors',
  'validation',
  'admin',
  'customers',
  'machine-import',
  'mfa',
  'staff-accounts',
  'insight',
  'staff-desk',
  'intake',
  'workshop',
  'rating',
  'service-times',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** SPEC §9: fallback pl; detection order; 5 retries from 350 ms doubling (i18next's retry); no periodic reload. */
export const i18nOptions: InitOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  ns: ['common', 'errors'],
  defaultNS: 'common',
  maxRetries: 5,
  retryTimeout: 350,
  interpolation: { escapeValue: false },
  detection: {
    order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
    lookupQuerystring: 'lng',
    lookupCookie: 'i18next',
    lookupLocalStorage: 'i18nextLng',
    lookupSessionStorage: 'i18nextLng',
    caches: ['localStorage', 'cookie'],
  },
  react: { useSuspense: true },
};

/** `resources`: translations the page came with (a server-rendered page, lib/page-state.ts); the rest load on demand. */
export async function initI18n(resources?: Resource): Promise<typeof i18n> {
  await i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      ...(resources ? { resources, partialBundledLanguages: true } : {}),
      backend: {
        loadPath: (lngs: readonly string[], namespaces: readonly string[]) =>
          publicUrl(`locales/lang/${namespaces[0]}/${lngs[0]}.json`),
        reloadInterval: false,
      },
    });
  syncDocumentLanguage(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
  i18n.on('languageChanged', syncDocumentLanguage);
  return i18n;
}

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

export { i18n };

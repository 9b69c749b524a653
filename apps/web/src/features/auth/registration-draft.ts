import { useEffect } from 'react';
import { SESSION } from '#app/config/storage-keys.ts';

type DraftValues = Record<string, string | boolean>;

/*
 * SPEC §5: what a person typed into a registration form survives a reload until the registration succeeds.
 * Kept in sessionStorage (this tab only); passwords are never written.
 */
export const DRAFT_KEYS = {
  registration: SESSION.registrationForm,
  registrationB2C: SESSION.registrationB2CForm,
} as const;
type DraftKey = (typeof DRAFT_KEYS)[keyof typeof DRAFT_KEYS];

const SECRET_FIELDS = new Set(['password', 'confirmPassword']);

function readDraft(key: DraftKey): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The form's starting values: the defaults, then the saved draft, then the query parameters
 * (a link from the maker, e.g. `?name=Jan&email=jan@example.com`, wins over an old draft).
 * `prefill` maps query parameter names to form fields.
 */
export function initialDraftValues<T extends DraftValues>(
  key: DraftKey,
  defaults: T,
  searchParams: URLSearchParams,
  prefill: Record<string, keyof T & string>,
): T {
  const values: DraftValues = { ...defaults };
  const draft = readDraft(key);
  for (const field of Object.keys(defaults)) {
    if (SECRET_FIELDS.has(field)) continue;
    if (typeof draft[field] === typeof defaults[field]) values[field] = draft[field] as string | boolean;
  }
  for (const [param, field] of Object.entries(prefill)) {
    const value = searchParams.get(param);
    if (value) values[field] = value;
  }
  return values as T;
}

/** Writes the non-secret values on every change. */
export function useDraftPersistence(key: DraftKey, values: DraftValues): void {
  useEffect(() => {
    const kept = Object.fromEntries(Object.entries(values).filter(([field]) => !SECRET_FIELDS.has(field)));
    sessionStorage.setItem(key, JSON.stringify(kept));
  }, [key, values]);
}

/** Called after a successful registration. */
export function clearDraft(key: DraftKey): void {
  sessionStorage.removeItem(key);
}

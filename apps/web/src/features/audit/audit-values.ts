import type { AuditLogEntry } from '@care/contract/audit';
import {
  AUDIT_FIELDS,
  AUDIT_REASON_CODES,
  type AuditCodeList,
  type AuditFieldTypes,
  type AuditValueType,
} from '@care/contract/audit-fields';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from '#app/lib/date-time.ts';

/**
 * Where the names of each code list are: the screen that already names them (a request's status, a staff role),
 * else the audit log's own. A test checks that every code of every list has a name in pl, en and de.
 */
export const AUDIT_CODE_TEXTS: Record<AuditCodeList, `${string}:${string}`> = {
  'service-request-status': 'services:status',
  'offer-request-status': 'cart:offers.status',
  'machine-status': 'machines:status',
  'account-status': 'admin:audit.values.account-status',
  role: 'staff-accounts:role',
  language: 'staff-accounts:language',
  'sign-in-method': 'admin:audit.values.sign-in-method',
  'second-factor-method': 'admin:audit.values.second-factor-method',
  'password-set-through': 'admin:audit.values.password-set-through',
  'requirement-met': 'admin:audit.values.requirement-met',
  'sign-in-refusal': 'admin:audit.refusals',
  'rating-via': 'admin:audit.values.rating-via',
  priority: 'admin:audit.values.priority',
};

/** The namespaces those names are in (the screen loads them with its own). */
export const AUDIT_NAMESPACES = ['admin', 'services', 'cart', 'machines', 'staff-accounts'] as const;

/** A field's label, and a part's (of an object or list value, read after its field's label). */
export const fieldLabelKey = (field: string) => `admin:audit.fields.${field}`;
export const partLabelKey = (part: string) => `admin:audit.parts.${part}`;

export const codeTextKey = (list: AuditCodeList, code: string) => `${AUDIT_CODE_TEXTS[list]}.${code}`;

/** The declared type of a field of an entry's kind; undefined for a key the contract does not know (yet). */
export function fieldTypeOf(entry: AuditLogEntry, field: string): AuditValueType | undefined {
  return (AUDIT_FIELDS[entry.kind] as AuditFieldTypes | undefined)?.[field];
}

/**
 * The fields an entry touched, in the contract's order for its kind (jsonb hands them back shortest first), any
 * field the contract does not know at the end.
 */
export function fieldsOf(entry: AuditLogEntry): string[] {
  const touched = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const declared = Object.keys((AUDIT_FIELDS[entry.kind] as AuditFieldTypes | undefined) ?? {});
  return [
    ...declared.filter((field) => touched.has(field)),
    ...[...touched].filter((f) => !declared.includes(f)),
  ];
}

const DASH = '—';

/** Any value as it was written, for an undeclared field: still readable, never "[object Object]". */
function formatUndeclared(value: unknown, t: TFunction): string {
  if (typeof value === 'boolean') return t(value ? 'admin:audit.yes' : 'admin:audit.no');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A value as a reader recognises it: a code by its name, a date or an instant in SPEC §9's format, a number in
 * the page's language, an object as "part: value" pairs; null, an empty text or an empty list as a dash.
 */
export function formatAuditValue(
  type: AuditValueType | undefined,
  value: unknown,
  t: TFunction,
  language: string,
): string {
  if (value === null || value === undefined || value === '') return DASH;
  if (type === undefined) return formatUndeclared(value, t);
  if (typeof type === 'object') {
    if ('code' in type) return t(codeTextKey(type.code, String(value)), { defaultValue: String(value) });
    const partsOf = (item: unknown, parts: AuditFieldTypes) =>
      typeof item === 'object' && item !== null
        ? Object.entries(item)
            .map(
              ([part, inner]) =>
                `${t(partLabelKey(part), { defaultValue: part })}: ${formatAuditValue(parts[part], inner, t, language)}`,
            )
            .join(', ')
        : formatUndeclared(item, t);
    if ('parts' in type) return partsOf(value, type.parts);
    if (!Array.isArray(value) || value.length === 0)
      return Array.isArray(value) ? DASH : formatUndeclared(value, t);
    return value.map((item) => partsOf(item, type.items)).join('; ');
  }
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean' ? t(value ? 'admin:audit.yes' : 'admin:audit.no') : String(value);
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : String(value);
    case 'date':
      return formatDate(String(value));
    case 'instant':
      return formatDateTime(String(value));
    default:
      return formatUndeclared(value, t);
  }
}

/** A refused sign-in's reason by its name; others as the person typed them. */
export function formatAuditReason(entry: AuditLogEntry, t: TFunction): string | null {
  const list = AUDIT_REASON_CODES[entry.kind];
  if (entry.reason && list) return t(codeTextKey(list, entry.reason), { defaultValue: entry.reason });
  return entry.reason;
}

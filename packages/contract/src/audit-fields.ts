import type { AuditKind } from './audit.ts';
import { LANGUAGES } from './locales.ts';
import { STAFF_ROLES } from './roles.ts';
import { SSO_ERROR_CODES } from './sso.ts';
import { SERVICE_REQUEST_PRIORITIES } from './staff-desk-fields.ts';
import { MACHINE_STATUSES, OFFER_REQUEST_STATUSES, SERVICE_REQUEST_STATUSES } from './statuses.ts';

/*
 * What an audit entry's before/after may hold, per kind: every field key the server writes and how its value
 * reads (issue 15's review: keys and codes were shown raw). The admin screen labels and formats by this list, a
 * web test checks that every key and code has a text in pl, en and de, and the server's tests check that what
 * each audited action writes is declared here. A new field is declared here first.
 */

/** The closed lists a value may come from; the screen shows each code by its name. */
export const AUDIT_CODE_LISTS = {
  'service-request-status': SERVICE_REQUEST_STATUSES,
  'offer-request-status': OFFER_REQUEST_STATUSES,
  'machine-status': MACHINE_STATUSES,
  /** users.status of any account: pending (e-mail not confirmed, or no password set yet), active, deactivated. */
  'account-status': ['pending', 'active', 'deactivated'],
  role: STAFF_ROLES,
  language: LANGUAGES,
  /** How a sign-in was made. */
  'sign-in-method': ['password', 'sso', 'passkey'],
  /** What completed a second step. */
  'second-factor-method': ['totp', 'recovery', 'passkey'],
  /** How a first password was set. */
  'password-set-through': ['set-password-link'],
  /** How the admin's second-factor requirement was met. */
  'requirement-met': ['set-up'],
  /** Why a sign-in was refused (the entry's reason). */
  'sign-in-refusal': ['password', 'deactivated', ...SSO_ERROR_CODES],
  /** Where a customer rated a finished request: its page, or the e-mailed link. */
  'rating-via': ['page', 'link'],
  /** A service request's priority (the service times' rows). */
  priority: SERVICE_REQUEST_PRIORITIES,
} as const satisfies Record<string, readonly string[]>;
export type AuditCodeList = keyof typeof AUDIT_CODE_LISTS;

/**
 * How a value reads: text as written (names, e-mails, file names); an id as written; a number in the reader's
 * format; a calendar date (YYYY-MM-DD); an instant (ISO date-time); yes/no; a code of a list; an object of
 * named parts (`parts`); a list of such objects (`items`). Null is always allowed (none, or removed).
 */
export type AuditValueType =
  | 'text'
  | 'id'
  | 'number'
  | 'date'
  | 'instant'
  | 'boolean'
  | { code: AuditCodeList }
  | { parts: AuditParts }
  | { items: AuditParts };
/** The named parts of an object value; they are labelled apart from fields (they read after the field's label). */
export type AuditParts = Readonly<
  Record<string, Exclude<AuditValueType, { parts: unknown } | { items: unknown }>>
>;
export type AuditFieldTypes = Readonly<Record<string, AuditValueType>>;

const code = <const L extends AuditCodeList>(list: L) => ({ code: list });
const counts = { parts: { created: 'number', updated: 'number', unchanged: 'number' } } as const;
const accountStatus = code('account-status');
const cannedTexts = { parts: { pl: 'text', en: 'text', de: 'text' } } as const;

/**
 * The fields each kind writes in before and/or after (a field may be in either or both), in the order the screen
 * lists them (PostgreSQL's jsonb keeps its own key order, shortest first).
 */
export const AUDIT_FIELDS = {
  'service-request.status': { status: code('service-request-status'), completionDate: 'date' },
  'service-request.rating': { score: 'number', comment: 'text', via: code('rating-via') },
  'service-request.dates': { estimatedCompletionDate: 'date', completionDate: 'date' },
  'service-request.findings': { serviceOpinion: 'text', additionalParts: 'text' },
  'service-request.filed': { customer: 'text', machine: 'text' },
  'service-request.corrected': { machine: 'text', transportType: 'text', deliveryPlace: 'text' },
  'service-request.duplicate': { duplicateOf: 'text' },
  'canned-reply.created': { title: 'text', texts: cannedTexts },
  'canned-reply.updated': { title: 'text', texts: cannedTexts },
  'canned-reply.removed': { title: 'text', texts: cannedTexts },
  'offer-request.status': { status: code('offer-request-status') },
  'staff.created': {
    email: 'text',
    firstName: 'text',
    lastName: 'text',
    role: code('role'),
    language: code('language'),
    status: accountStatus,
  },
  'staff.role': { role: code('role') },
  'staff.disabled': { status: accountStatus, sessionsEnded: 'number' },
  'staff.enabled': { status: accountStatus },
  'staff.sessions-ended': { activeSessions: 'number' },
  'staff.link-sent': { to: 'text', language: code('language') },
  'customer.reactivated': { status: accountStatus, deactivatedAt: 'instant' },
  'customer.confirmation-sent': { to: 'text' },
  'machine.assigned': { serialNumber: 'text', owner: 'text' },
  'machine.unassigned': { serialNumber: 'text', owner: 'text' },
  'machines.imported': {
    fileName: 'text',
    rows: 'number',
    created: 'number',
    changed: 'number',
    unchanged: 'number',
    assigned: 'number',
    notified: 'number',
  },
  'machine.updated': {
    name: 'text',
    purchaseDate: 'date',
    guaranteeEndDate: 'date',
    status: code('machine-status'),
    dealer: 'text',
    owner: 'text',
  },
  'catalog.imported': { folders: counts, cards: counts, parts: counts, positions: counts, files: counts },
  'auth.sign-in': {
    method: code('sign-in-method'),
    role: code('role'),
    status: accountStatus,
    /** Single sign-on made the account. */
    accountCreated: 'boolean',
  },
  'auth.sign-in-failed': { method: code('sign-in-method'), issuer: 'text', subject: 'text' },
  'auth.password-changed': {
    otherSessionsEnded: 'number',
    status: accountStatus,
    through: code('password-set-through'),
  },
  'auth.password-reset': {},
  'auth.deactivated': { status: accountStatus },
  'auth.sessions-ended': {
    sessions: { items: { id: 'id', browser: 'text', os: 'text', ip: 'text' } },
    /** The command line's count (it does not list them). */
    sessionsEnded: 'number',
  },
  'auth.passkey-added': { passkey: 'id', name: 'text' },
  'auth.passkey-removed': { passkey: 'id', name: 'text' },
  'auth.second-factor': {
    verified: code('second-factor-method'),
    requirementMet: code('requirement-met'),
    totp: 'boolean',
  },
  'auth.recovery-codes': { used: 'number', left: 'number', generated: 'number' },
  'settings.changed': {
    requireStaffSecondFactor: 'boolean',
    /** The service times (docs/decisions/066): a row per priority. */
    serviceTimes: {
      items: { priority: code('priority'), firstReplyHours: 'number', completionDays: 'number' },
    },
  },
} as const satisfies Record<AuditKind, AuditFieldTypes>;

/** The field keys of a kind (what `recordAudit` accepts in its before/after). */
export type AuditFieldOf<K extends AuditKind> = keyof (typeof AUDIT_FIELDS)[K] & string;

/** The portal settings a settings.changed entry may be about (its subject id); the screen names each. */
export const AUDIT_SETTINGS = ['require-staff-second-factor', 'service-times'] as const;
export type AuditSetting = (typeof AUDIT_SETTINGS)[number];

/** Kinds whose reason is a code (a refused sign-in's); every other reason is what a person typed. */
export const AUDIT_REASON_CODES: Partial<Record<AuditKind, AuditCodeList>> = {
  'auth.sign-in-failed': 'sign-in-refusal',
};

/** Every field key of any kind, and every part key of any object or list value (each has a label). */
export function auditFieldKeys(): { fields: string[]; parts: string[] } {
  const fields = new Set<string>();
  const parts = new Set<string>();
  for (const types of Object.values(AUDIT_FIELDS) as AuditFieldTypes[])
    for (const [key, type] of Object.entries(types)) {
      fields.add(key);
      if (typeof type === 'object' && !('code' in type))
        for (const part of Object.keys('parts' in type ? type.parts : type.items)) parts.add(part);
    }
  return { fields: [...fields].sort(), parts: [...parts].sort() };
}

/** Why a value does not fit its type ("" when it does). */
function valueProblem(type: AuditValueType, value: unknown): string {
  if (value === null) return '';
  if (typeof type === 'object') {
    if ('code' in type) {
      return typeof value === 'string' && (AUDIT_CODE_LISTS[type.code] as readonly string[]).includes(value)
        ? ''
        : `${JSON.stringify(value)} is no code of ${type.code}`;
    }
    if ('parts' in type) return objectProblems(type.parts, value).join('; ');
    if (!Array.isArray(value)) return 'is no list';
    return value.flatMap((item) => objectProblems(type.items, item)).join('; ');
  }
  const fits = {
    text: typeof value === 'string',
    id: typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)),
    number: typeof value === 'number',
    date: typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value),
    instant: typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value),
    boolean: typeof value === 'boolean',
  }[type];
  return fits ? '' : `${JSON.stringify(value)} is no ${type}`;
}

function objectProblems(types: AuditFieldTypes, value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['is no object'];
  return Object.entries(value).flatMap(([key, inner]) => {
    const type = types[key];
    if (!type) return [`${key}: not declared`];
    const problem = valueProblem(type, inner);
    return problem ? [`${key}: ${problem}`] : [];
  });
}

/**
 * What an entry holds that AUDIT_FIELDS does not declare: an unknown key, a value of another type, a code of no
 * list, a refusal reason of no list, a setting AUDIT_SETTINGS does not name. Empty when the screen can label and show all of it.
 */
export function undeclaredAuditContent(entry: {
  kind: AuditKind;
  subjectType?: string;
  subjectId?: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}): string[] {
  const types: AuditFieldTypes | undefined = AUDIT_FIELDS[entry.kind];
  if (!types) return [`kind ${entry.kind} not declared`];
  const problems = (['before', 'after'] as const).flatMap((side) =>
    entry[side] === null ? [] : objectProblems(types, entry[side]).map((problem) => `${side}.${problem}`),
  );
  const reasons = AUDIT_REASON_CODES[entry.kind];
  if (
    reasons &&
    entry.reason !== null &&
    !(AUDIT_CODE_LISTS[reasons] as readonly string[]).includes(entry.reason)
  )
    problems.push(`reason: ${JSON.stringify(entry.reason)} is no code of ${reasons}`);
  if (
    entry.subjectType === 'settings' &&
    !(AUDIT_SETTINGS as readonly string[]).includes(entry.subjectId ?? '')
  )
    problems.push(`subject: setting ${JSON.stringify(entry.subjectId)} not declared`);
  return problems;
}

/**
 * The security scan's targets, derived from the route table as the running portal publishes it (its OpenAPI
 * document, /api/docs/json): every operation that takes parameters (path, query or body) is a target, so a route
 * added tomorrow is scanned tomorrow. What the document cannot say is written here, per operation: who calls it, a
 * body that reaches the handler, the statuses that show it did, variants. A path id is the demo data's real one
 * where the scan knows it (PATH_IDS), else an id that names nothing (and 404 is expected); a query value comes
 * from the operation's example, the parameter's name (queryByName) or its schema (an enum's first value, the
 * default or minimum of a number, a date). An operation with a JSON body and neither an example nor a reason to
 * leave it out stops the scan: the scan never silently skips a route.
 */

/** `other` is the second demo customer: the password-checking targets use it, so the per-user limit on password
 * checks (10 in 15 minutes) they spend does not answer the customer's deactivation target 429. */
export type Who = 'customer' | 'other' | 'staff' | 'anonymous';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Target {
  name: string;
  who: Who;
  method: Method;
  /** Path and query; `*` marks a custom injection point (a path id), removed for the baseline request. */
  path: string;
  json?: unknown;
  /** Multipart fields (text only); `*` inside a value marks an injection point. */
  form?: Record<string, string>;
  /** Baseline statuses that show the request reached the handler (default 200–204). */
  expect?: number[];
  /** Test the session cookie too (once is enough: every API request reads it the same way). */
  cookie?: boolean;
}

interface Example {
  /** Told apart from the operation's other variants in the target's name. */
  variant?: string;
  who?: Who;
  /** Query values of this operation; `null` leaves a parameter out. */
  query?: Record<string, string | null>;
  json?: unknown;
  form?: Record<string, string>;
  expect?: number[];
  cookie?: boolean;
}

/** Why an operation that takes parameters is not scanned. */
interface Left {
  leftOut: string;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
}
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: OpenApiParameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** What the demo data gives the scan to name: ids, a part, the form's choices (read through the API). */
export interface Known {
  machineId: string;
  requestId: string;
  offerId: string;
  partId: string;
  partSymbol: string;
  settingId: string;
  messageId: string;
  staffRequestId: string;
  staffOfferId: string;
  customerId: string;
  rootFolderId: string;
  folderId: string;
  cardId: string;
  transportType: string;
  deliveryPlace: string;
  details: Record<string, unknown>;
  address: Record<string, unknown>;
}

export const WRONG_PASSWORD = 'Wrong-scan-pass-2026';
/** An id that names no file (and no row): its targets expect 404. */
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_NUMBER = '999999999999';
const UNKNOWN_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const NOT_FOUND = [400, 404];

/** The demo data's row for a path parameter: the path up to the parameter → its id. */
function pathIds(k: Known): Record<string, string> {
  return {
    '/api/user/settings/{id}': k.settingId,
    '/api/end-products/{id}': k.machineId,
    '/api/service-requests/{id}': k.requestId,
    '/api/offer-requests/{id}': k.offerId,
    '/api/staff/service-requests/{id}': k.staffRequestId,
    '/api/staff/offer-requests/{id}': k.staffOfferId,
    '/api/staff/customers/{id}': k.customerId,
    '/api/admin/customers/{id}': k.customerId,
    '/api/catalog-cards/{id}': k.cardId,
    '/api/parts/{id}': k.partId,
  };
}

function queryByName(k: Known): Record<string, string> {
  const word = k.partSymbol.slice(0, 7);
  return {
    q: word,
    machineId: k.machineId,
    serviceRequestId: k.requestId,
    before: k.messageId,
    after: k.messageId,
    parentId: k.rootFolderId,
    folderId: k.folderId,
    cardId: k.cardId,
    partId: k.partId,
    machine: 'Agro',
    customer: 'Kowal',
    person: 'Kowal',
    model: 'Agro',
    subject: 'SR',
  };
}

/** Per operation (`METHOD /path` as the document names it): how to call it, or why it is left out. */
function examples(k: Known): Record<string, Example | Example[] | Left> {
  const email = `scan.${Date.now()}@example.com`;
  const table = {
    columnVisibility: { dealer: false },
    columnSizing: {},
    sorting: [],
    columnOrder: [],
    filters: [],
  };
  const cartItem = { id: k.partId, name: 'Część', symbol: k.partSymbol, images: [], amount: 2 };
  return {
    // anonymous: sign-in, registration, password reset and setting
    'POST /auth/login': {
      variant: 'unknown account',
      json: { username: 'nobody.scan@example.com', password: WRONG_PASSWORD, remember: false },
      expect: [401],
    },
    'POST /auth/registration': {
      json: {
        personFirstName: 'Skan',
        personLastName: 'Testowy',
        email,
        username: email,
        phone: '600 100 200',
        peselOrNip: '',
        machineNumber: 'AM-2025-004711',
        password: 'Zielone-pole-2026',
        countryCode: '',
        zipCode: '',
        currencyCode: '',
        captchaResponse: '',
        rulesAgreementChecked: true,
        marketingAgreementChecked: false,
      },
      expect: [200, 201, 202],
    },
    'POST /auth/registrationB2C': {
      json: {
        email: `b2c.${email}`,
        username: `b2c.${email}`,
        password: 'Sklep-konto-2026',
        machineNumber: 'AM-2025-004712',
        captchaResponse: '',
        rulesAgreementChecked: true,
        marketingAgreementChecked: false,
        personFirstName: '',
        personLastName: '',
        phone: '',
        peselOrNip: '',
      },
      expect: [200, 201, 202, 400, 404, 409],
    },
    'POST /auth/registration/confirmation': {
      variant: 'unknown link',
      json: { id: UNKNOWN_TOKEN, username: 'jan.kowalski@example.com' },
      expect: [400, 404, 410],
    },
    'POST /auth/password-reset': {
      json: { email: 'anna.schmidt@example.com', captchaResponse: '' },
      expect: [202],
    },
    'POST /auth/password-reset/check': {
      variant: 'unknown link',
      json: { token: UNKNOWN_TOKEN },
      expect: [400, 404, 410],
    },
    'POST /auth/password-reset/confirmation': {
      variant: 'unknown link',
      json: { token: UNKNOWN_TOKEN, password: 'Nowe-haslo-2026' },
      expect: [400, 404, 410],
    },
    'POST /auth/set-password/check': {
      variant: 'unknown link',
      json: { token: UNKNOWN_TOKEN },
      expect: [400, 404, 410],
    },
    'POST /auth/set-password': {
      variant: 'unknown link',
      json: { token: UNKNOWN_TOKEN, password: 'Nowe-haslo-2026' },
      expect: [400, 404, 410],
    },
    'POST /auth/passkey/sign-in': {
      variant: 'no such passkey',
      json: { response: { id: 'scan', rawId: 'scan', type: 'public-key', response: {} }, remember: false },
      expect: [400, 401],
    },
    // the customer's own data
    'GET /api/user/details': { variant: 'session cookie', cookie: true },
    'PUT /api/user/details': { json: k.details },
    'PUT /api/user/address': { json: k.address },
    'PUT /api/user/password': {
      variant: 'wrong old password',
      who: 'other',
      json: { oldPassword: WRONG_PASSWORD, newPassword: 'Scan-nowe-haslo-2026' },
      expect: [400],
    },
    'POST /api/user/deactivation': {
      variant: 'wrong password',
      json: { password: WRONG_PASSWORD },
      expect: [400],
    },
    'POST /api/user/mfa/passkeys': {
      variant: 'no ceremony',
      who: 'other',
      json: { name: 'Skan', response: { id: 'scan', rawId: 'scan', type: 'public-key', response: {} } },
      expect: [400, 409],
    },
    'PUT /api/user/mfa/passkeys/{id}': { who: 'other', json: { name: 'Skan' } },
    'POST /api/user/mfa/passkeys/{id}/removal': { who: 'other', json: { password: WRONG_PASSWORD } },
    'POST /api/user/mfa/totp/confirmation': {
      variant: 'nothing to confirm',
      who: 'other',
      json: { code: '123456' },
      expect: [400, 404, 409],
    },
    'POST /api/user/mfa/totp/removal': {
      variant: 'wrong password',
      who: 'other',
      json: { password: WRONG_PASSWORD },
      expect: [400, 404, 409],
    },
    'POST /api/user/mfa/recovery-codes': {
      variant: 'wrong password',
      who: 'other',
      json: { password: WRONG_PASSWORD },
      expect: [400, 404, 409],
    },
    'GET /api/user/settings': { query: { broadValue: 'machines' } },
    'POST /api/user/settings': {
      json: { broadValue: 'scan', key: 'table.machines', value: table },
      expect: [200, 201],
    },
    'PUT /api/user/settings/{id}': { json: { value: true } },
    // Last (DELETEs run last): removes the row the targets above name.
    'DELETE /api/user/settings/{id}': { expect: [200, 204, 404] },
    'DELETE /api/user/settings': { query: { broadValue: 'scan' } },
    'GET /api/end-products/user-owned': { query: { sort: 'name', order: 'asc', status: 'I' } },
    'GET /api/service-requests/user-owned': { query: { sort: 'code', order: 'asc', q: 'SR', status: 'N' } },
    'POST /api/service-requests/new-request': {
      variant: 'multipart',
      form: {
        machineId: k.machineId,
        problemDescription: 'Skan bezpieczeństwa: opis usterki',
        transportType: k.transportType,
        deliveryPlace: k.deliveryPlace,
        comments: 'uwagi',
      },
      expect: [200, 201],
    },
    'POST /api/service-requests/{id}/withdrawal': { expect: [200, 204, 400, 409] },
    'POST /api/service-requests/{id}/appendices': {
      leftOut:
        'files only (multipart uploads): no text field to inject; upload-abuse.test.ts covers the files',
    },
    'GET /api/chat/comments': [
      { variant: 'before', query: { after: null, limit: '10' } },
      { variant: 'after', query: { before: null, limit: '10' } },
    ],
    'POST /api/chat/comment': {
      json: { serviceRequestId: k.requestId, body: 'Skan: wiadomość', clientId: crypto.randomUUID() },
      expect: [200, 201],
    },
    'PUT /api/chat/comments/read': {
      json: { serviceRequestId: k.requestId, lastReadMessageId: k.messageId },
    },
    'GET /api/chat/files': { query: { limit: '10' } },
    'POST /api/parts/email': {
      variant: 'cart',
      json: { items: [cartItem], note: 'Skan: uwagi do zamówienia', clientId: crypto.randomUUID() },
      expect: [200, 201, 202],
    },
    'POST /api/offer-requests/new-request': {
      variant: 'multipart payload',
      form: {
        payload: JSON.stringify({
          items: [{ ...cartItem, symbol: `${k.partSymbol}*`, amount: 1 }],
          note: 'Skan: oferta*',
        }),
      },
      expect: [200, 201, 202],
    },
    'GET /api/offer-requests/user-owned': { query: { status: 'sent' } },
    // catalogue
    'GET /api/catalog-cards/{id}/drawing': { expect: [200, 404] },
    'GET /api/parts/breadcrumbs': [
      { variant: 'card', query: { folderId: null } },
      { variant: 'folder', query: { cardId: null } },
    ],
    // staff
    'GET /api/staff/service-requests': {
      query: { sort: 'reportDate', order: 'asc', status: 'N', unread: '0' },
    },
    'PATCH /api/staff/service-requests/{id}': {
      json: {
        estimatedCompletionDate: '2030-05-01',
        serviceOpinion: 'Skan: opinia serwisu',
        additionalParts: 'Skan: części',
      },
    },
    'POST /api/staff/service-requests/{id}/status': {
      json: { status: 'C', note: 'Skan: notatka' },
      expect: [200, 400, 409],
    },
    'GET /api/staff/customers': { query: { status: 'active' } },
    'GET /api/staff/offer-requests': { query: { status: 'sent' } },
    'POST /api/staff/offer-requests/{id}/status': {
      json: { status: 'in_progress' },
      expect: [200, 400, 409],
    },
    'GET /api/admin/audit': { query: { kind: null, cursor: null } },
    'GET /api/admin/staff-accounts': { query: { role: 'service', status: 'active' } },
    'POST /api/admin/staff-accounts': {
      json: {
        email: `staff.${email}`,
        firstName: 'Skan',
        lastName: 'Serwis',
        role: 'service',
        language: 'pl',
      },
      expect: [200, 201],
    },
    'PUT /api/admin/staff-accounts/{id}/role': { json: { role: 'service' } },
    'PUT /api/admin/security': { json: { requireStaffSecondFactor: false } },
    'POST /api/admin/customers/{id}/confirmation-mail': {
      variant: 'confirmed already',
      expect: [200, 202, 204, 409],
    },
    'POST /api/admin/customers/{id}/reactivation': {
      json: { reason: 'Skan: powód' },
      expect: [200, 204, 400, 409],
    },
    'POST /api/admin/customers/{id}/machines': {
      variant: 'unknown machine',
      json: { serialNumber: 'SCAN-0000-0000', reason: 'Skan: powód', move: false },
      expect: [400, 404, 409],
    },
    'POST /api/admin/customers/{id}/machines/{machineId}/removal': { json: { reason: 'Skan: powód' } },
    'POST /api/admin/machine-imports': {
      leftOut:
        'a CSV upload (multipart); the import itself is covered by machine-import tests, dryRun is an enum',
    },
  };
}

function defaultWho(path: string): Who {
  if (path.startsWith('/auth/')) return 'anonymous';
  if (path.startsWith('/api/staff/') || path.startsWith('/api/admin/')) return 'staff';
  return 'customer';
}

/** A value for a query parameter the operation's example does not give: by name, else from its schema. */
function queryValue(name: string, schema: JsonSchema | undefined, byName: Record<string, string>): string {
  if (byName[name] !== undefined) return byName[name];
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.type === 'integer' || schema?.type === 'number')
    return String(schema.default ?? schema.minimum ?? 1);
  if (schema?.format === 'date') return /to$/i.test(name) ? '2030-12-31' : '2020-01-01';
  if (schema?.pattern?.includes('\\d')) return '1';
  return 'scan';
}

function unknownId(schema: JsonSchema | undefined): string {
  return schema?.pattern?.includes('\\d') ? UNKNOWN_NUMBER : UNKNOWN_UUID;
}

/** The targets of `document`, in its order, every DELETE last (they remove rows other targets name). */
export function deriveTargets(
  document: OpenApiDocument,
  known: Known,
): { targets: Target[]; leftOut: string[] } {
  const ids = pathIds(known);
  const byName = queryByName(known);
  const table = examples(known);
  const used = new Set<string>();
  const targets: Target[] = [];
  const leftOut: string[] = [];
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase() as Method;
      const key = `${method} ${path}`;
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const hasBody = bodySchema !== undefined && Object.keys(bodySchema.properties ?? {}).length > 0;
      const entry = table[key];
      used.add(key);
      if (entry && 'leftOut' in entry) {
        leftOut.push(`${key}: ${entry.leftOut}`);
        continue;
      }
      if (!entry && parameters.length === 0 && !hasBody) continue;
      if (!entry && hasBody) {
        missing.push(key);
        continue;
      }
      // The path with its ids: the demo data's row where the scan knows one, else one that names nothing.
      let unknown = false;
      let concrete = path;
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        const prefix = path.slice(0, path.indexOf(`{${parameter.name}}`) + parameter.name.length + 2);
        const id = ids[prefix];
        if (id === undefined) unknown = true;
        concrete = concrete.replace(`{${parameter.name}}`, `${id ?? unknownId(parameter.schema)}*`);
      }
      const hasPathIds = parameters.some((p) => p.in === 'path');
      for (const example of [entry ?? {}].flat()) {
        const query = parameters
          .filter((p) => p.in === 'query')
          .flatMap((p) => {
            const given = example.query?.[p.name];
            if (given === null) return [];
            return [`${p.name}=${encodeURIComponent(given ?? queryValue(p.name, p.schema, byName))}`];
          });
        const json = example.json ?? (hasBody || method !== 'GET' ? {} : undefined);
        const base: Omit<Target, 'name' | 'path'> = {
          who: example.who ?? defaultWho(path),
          method,
          json: example.form ? undefined : json,
          form: example.form,
          expect: example.expect ?? (unknown ? NOT_FOUND : undefined),
          cookie: example.cookie,
        };
        const name = `${method} ${path.replace(/^\/(api\/)?/, '')}${example.variant ? ` (${example.variant})` : ''}`;
        const withQuery = (p: string) => (query.length ? `${p}?${query.join('&')}` : p);
        // sqlmap tests only the marked points of a request that has marks: a body worth testing gets a target of
        // its own without them.
        if (hasPathIds && (hasBody || example.form || query.length)) {
          targets.push({
            ...base,
            name: `${name} (parameters)`,
            path: withQuery(concrete.replaceAll('*', '')),
          });
          targets.push({ ...base, name: `${name} (ids)`, path: withQuery(concrete) });
        } else targets.push({ ...base, name, path: withQuery(concrete) });
      }
    }
  }
  const stale = Object.keys(table).filter((key) => !used.has(key));
  if (missing.length || stale.length)
    throw new Error(
      [
        ...missing.map((key) => `${key} takes a JSON body: give it an example or a reason to leave it out`),
        ...stale.map((key) => `${key} has an example but no longer exists in the route table`),
      ].join('\n'),
    );
  return {
    targets: [
      ...targets.filter((t) => t.method !== 'DELETE'),
      ...targets.filter((t) => t.method === 'DELETE'),
    ],
    leftOut,
  };
}

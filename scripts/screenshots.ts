/**
 * Writes docs/screenshots/*.png: the login page and the account screens (registration, password, settings) in
 * every language (desktop light and phone dark), and the other public screens at 1280 px in light. The signed-in screens
 * use the demo customer. It starts nothing: point it at a running portal with the demo data (a fresh one: the last
 * pictures turn the staff's second-factor requirement on, and read the portal's e-mails from DATA_DIR/mail).
 *
 *   PORT=3110 DATABASE_URL=memory:// npm start     # or any running portal
 *   npm run screenshots                             # = node scripts/screenshots.ts [baseUrl] [--only=card]
 *
 * `--only=<prefix>` takes only the pictures whose file names start with it (e.g. `card` for the catalogue card's).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { type Language, t } from '../e2e/support/translations.ts';
import { fileWorkshopRequest } from './workshop-demo.ts';

const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const baseUrl = (args.find((arg) => !arg.startsWith('--')) ?? 'http://localhost:3110').replace(/\/+$/, '');
const outDir = resolve(import.meta.dirname, '../docs/screenshots');

const LANGUAGES = ['pl', 'en', 'de'] as const;
/** The two ends of what people use: a desktop in light, a phone in dark (the pictures were looked at in all four). */
const VARIANTS = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 360 },
] as const;

/** The public screens of SPEC §2 besides login; the catalogue ids are the demo seed's. */
const PUBLIC_PAGES: Array<[name: string, path: string]> = [
  ['catalog-public', '/parts-catalog-public/catalog-folders'],
  ['not-found', '/no-such-page'],
];

/** The screens of the accounts issue: every language, scheme and width. */
const ACCOUNT_PAGES: Array<[name: string, path: string, signedIn: boolean]> = [
  ['login', '/', false],
  ['forgot-password', '/forgot-password', false],
  ['register', '/register', false],
  ['register-b2c', '/registerB2C', false],
  ['confirm-failure', '/confirm/unknown-token/jan@example.com', false],
  ['reset-password-invalid', '/reset-password/unknown-token', false],
  ['set-password-invalid', '/set-password/unknown-token', false],
  ['settings', '/home/user', true],
  ['update-password', '/home/update-password', true],
  // Issue 15: needs a portal with OIDC_ISSUER_URL set (the "Sign in with …" button beside the refusal).
  ['login-sso-refused', '/?sso-error=SSO_NO_ROLE', false],
];

/**
 * Issue 15's screens that need a state only the portal can make, taken last (they turn the second-factor
 * requirement on): a new staff member's set-password link (read from the e-mail the portal wrote under
 * DATA_DIR/mail), the second-factor setup a staff member without a factor must pass, and the code a staff member
 * with TOTP is asked for after the password.
 */
const STATEFUL_PAGES = ['set-password', 'second-factor-setup', 'second-factor'] as const;
/**
 * Issue 18's confirm-and-rate screens, taken before STATEFUL_PAGES on the demo's request in status A: the status
 * change's F dialog with its completion date, then (the request moved to F) the rating page of the F e-mail's link,
 * and (rated through it) the rating on the staff's and the customer's request pages.
 */
const RATING_PAGES = ['rating-f-dialog', 'rating-link', 'rating-staff', 'rating-service'] as const;
const MAIL_DIR = resolve(process.env.DATA_DIR ?? resolve(import.meta.dirname, '../data'), 'mail');

type Role = 'customer' | 'staff' | 'admin';

/**
 * The catalogue card (issue 14): drawing and parts list with position 6 selected, every language, scheme and
 * both widths, as the window shows it (the page under it is long on a phone).
 */
const CARD_PATH = '/home/catalog-folders/1/catalog-folders/4/catalog-cards/1?pos=6';
const CARD_VARIANTS = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 1280 },
  { scheme: 'light', width: 360 },
  { scheme: 'dark', width: 360 },
] as const;

/**
 * The screens of the machines and service requests issue, one variant per language (pl desktop light, en phone
 * dark, de phone light). `{machineId}` and `{requestId}` are the demo customer's first machine and request,
 * `{noteRequestId}` the request with the demo's internal note.
 */
const SERVICE_PAGES: Array<[name: string, path: string, role: Role]> = [
  ['board', '/home/board', 'customer'],
  ['machines', '/home/machines', 'customer'],
  ['machine', '/home/machines/edit/{machineId}', 'customer'],
  ['services', '/home/services', 'customer'],
  ['new-service', '/home/services/new', 'customer'],
  ['service', '/home/services/edit/{requestId}', 'customer'],
  ['staff-queue', '/staff', 'staff'],
  ['staff-service', '/staff/service-requests/{requestId}', 'staff'],
  ['staff-settings', '/staff/settings', 'staff'],
  // Issue 15: customers as service staff search them and as an admin changes them (the demo customer).
  ['staff-customers', '/staff/customers', 'staff'],
  ['staff-customer', '/staff/customers/{customerId}', 'admin'],
  // Issue 15: the admin's machines import (its history shows what ran before the pictures were taken).
  ['admin-machines', '/staff/admin/machines', 'admin'],
  // Issue 15: second factors in the staff settings, and the admin's requirement.
  ['admin-security', '/staff/admin/security', 'admin'],
  ['admin-audit', '/staff/admin/audit', 'admin'],
  ['staff-accounts', '/staff/admin/staff', 'admin'],
  ['staff-insight', '/staff/insight', 'staff'],
  // Issue 18: the conversation with an internal note (the demo's request in status A), and the canned replies.
  ['staff-note', '/staff/service-requests/{noteRequestId}', 'staff'],
  ['staff-canned-replies', '/staff/canned-replies', 'staff'],
  // The parts sales inbox (issue 5), with the days-sent filter the insight's quoting figure links to.
  ['staff-offers', '/staff/offer-requests', 'admin'],
];
/**
 * Intake and corrections (issue 18, docs/decisions/064), one variant per language like the service screens. The
 * state is made through the API first (intakeIds): a request the service desk filed for the demo customer, its
 * transport corrected, and a second one closed as its duplicate. `act` opens what the picture is about.
 */
const INTAKE_PAGES: Array<
  [name: string, path: string, role: Role, act?: (page: Page, language: Language) => Promise<void>]
> = [
  [
    'intake-new',
    '/staff/service-requests/new',
    'staff',
    async (page, language) => {
      await page.getByRole('combobox', { name: t('intake:customer.label', language) }).fill('kowalski');
      await page.getByRole('option').first().click();
      await page.getByRole('combobox', { name: t('services:fields.machine', language) }).waitFor();
    },
  ],
  ['intake-staff-request', '/staff/service-requests/{intakeRequestId}', 'staff'],
  [
    'intake-staff-history',
    '/staff/service-requests/{intakeRequestId}',
    'staff',
    (page, language) =>
      page.getByRole('tab', { name: t('staff:request-page.tabs.history', language) }).click(),
  ],
  [
    'intake-correct',
    '/staff/service-requests/{intakeRequestId}',
    'staff',
    async (page, language) => {
      await page.getByRole('button', { name: t('intake:correct.open', language) }).click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  [
    'intake-duplicate',
    '/staff/service-requests/{intakeRequestId}',
    'staff',
    async (page, language) => {
      await page.getByRole('button', { name: t('intake:duplicate.open', language) }).click();
      await page.getByRole('dialog').waitFor();
    },
  ],
  ['intake-customer', '/home/services/edit/{intakeRequestId}', 'customer'],
  ['intake-customer-duplicate', '/home/services/edit/{intakeDuplicateId}', 'customer'],
];

/**
 * Issue 18's service desk beside the screens above (staff-queue, staff-service, staff-note, staff-canned-replies): the
 * queue's other views, and the handling panel (take, hand over, priority, tags, "waiting for us") on the demo's
 * newest request, which nobody has taken and whose customer waits for an answer.
 */
const DESK_PAGES: Array<[name: string, path: string, role: Role]> = [
  ['desk-queue-mine', '/staff?view=mine', 'staff'],
  ['desk-queue-unassigned', '/staff?view=unassigned', 'staff'],
  ['desk-queue-waiting', '/staff?waiting=true&sort=waitingSince&order=asc', 'staff'],
  ['desk-handling', '/staff/service-requests/{requestId}', 'staff'],
];

/** The canned replies' picker opened in the conversation: the window of a desktop in light and of a phone in dark. */
const DESK_PICKER_VARIANTS = [
  { language: 'pl', scheme: 'light', width: 1440, height: 900 },
  { language: 'en', scheme: 'dark', width: 360, height: 780 },
] as const;

/** Opens the canned replies' picker of the staff's conversation and waits for its list. */
async function openCannedReplyPicker(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: t('staff:canned.picker.label', language) }).click();
  await page
    .getByRole('listbox', { name: t('staff:canned.picker.label', language) })
    .getByRole('option')
    .first()
    .waitFor();
}

const SERVICE_VARIANTS = [
  { language: 'pl', scheme: 'light', width: 1280 },
  { language: 'en', scheme: 'dark', width: 360 },
  { language: 'de', scheme: 'light', width: 360 },
] as const;

/**
 * The staff's request page as the service department sees it all day (issue 18): the window of a 1440 × 900 screen,
 * the conversation beside the details, in light and dark.
 */
const STAFF_WINDOW_VARIANTS = [
  { language: 'pl', scheme: 'light' },
  { language: 'en', scheme: 'dark' },
] as const;

/**
 * Issue 18's service times: the admin's targets, the queue's due column at both desktop widths and on a phone,
 * and the dashboard with the weekly share met.
 */
const SERVICE_TIMES_SHOTS: Array<
  [name: string, path: string, role: Role, language: string, scheme: 'light' | 'dark', width: number]
> = [
  ['service-times-admin', '/staff/admin/service-times', 'admin', 'pl', 'light', 1280],
  ['service-times-admin', '/staff/admin/service-times', 'admin', 'en', 'dark', 360],
  ['service-times-queue', '/staff', 'staff', 'pl', 'light', 1280],
  ['service-times-queue', '/staff', 'staff', 'pl', 'light', 1440],
  ['service-times-queue', '/staff', 'staff', 'en', 'dark', 360],
  ['service-times-insight', '/staff/insight', 'staff', 'pl', 'light', 1280],
];

const PASSWORD = 'Zniwa-2026-demo';
const ACCOUNTS: Record<Role, string> = {
  customer: 'jan.kowalski@example.com',
  staff: 'serwis@agromech.example',
  admin: 'admin@agromech.example',
};

interface Shot {
  file: string;
  path: string;
  language: string;
  scheme: 'light' | 'dark';
  width: number;
  signedIn: Role | null;
  /** The window only instead of the whole page. */
  viewportOnly?: boolean;
  /** The window's height when it is not the usual one for its width. */
  height?: number;
  /** Signs this account in with the password on the way (a screen the sign-in hands over to, like /second-factor). */
  signInAs?: string;
  /** What to open once the screen has settled (a dialog, a tab). */
  act?: (page: Page, language: Language) => Promise<void>;
  /** The picture as the printer gets the page (the job sheet). */
  media?: 'print';
}

function plan(): Shot[] {
  const shots: Shot[] = [];
  for (const [name, path, signedIn] of ACCOUNT_PAGES)
    for (const language of LANGUAGES)
      for (const { scheme, width } of VARIANTS)
        shots.push({
          file: `${name}-${language}-${scheme}-${width}.png`,
          path,
          language,
          scheme,
          width,
          signedIn: signedIn ? 'customer' : null,
        });
  // The back office's screens, the service desk's and the intake's, each in the service variants.
  const staffPages: Array<[string, string, Role, ((page: Page, language: Language) => Promise<void>)?]> = [
    ...SERVICE_PAGES,
    ...DESK_PAGES,
    ...INTAKE_PAGES,
  ];
  for (const [name, path, role, act] of staffPages)
    for (const { language, scheme, width } of SERVICE_VARIANTS)
      shots.push({
        file: `${name}-${language}-${scheme}-${width}.png`,
        path,
        language,
        scheme,
        width,
        signedIn: role,
        // A dialog is pictured as the window shows it (a whole-page picture moves the fixed header under it).
        ...(act ? { act, viewportOnly: name === 'intake-correct' || name === 'intake-duplicate' } : {}),
      });
  for (const { language, scheme, width, height } of DESK_PICKER_VARIANTS)
    shots.push({
      file: `desk-canned-picker-${language}-${scheme}-${width}.png`,
      path: '/staff/service-requests/{requestId}',
      language,
      scheme,
      width,
      height,
      signedIn: 'staff',
      viewportOnly: true,
      act: openCannedReplyPicker,
    });
  for (const [name, path, role, language, scheme, width] of SERVICE_TIMES_SHOTS)
    shots.push({
      file: `${name}-${language}-${scheme}-${width}.png`,
      path,
      language,
      scheme,
      width,
      signedIn: role,
    });
  for (const { language, scheme } of STAFF_WINDOW_VARIANTS)
    shots.push({
      file: `staff-service-window-${language}-${scheme}-1440.png`,
      path: '/staff/service-requests/{requestId}',
      language,
      scheme,
      width: 1440,
      height: 900,
      signedIn: 'staff',
      viewportOnly: true,
    });
  for (const language of LANGUAGES)
    for (const { scheme, width } of CARD_VARIANTS)
      shots.push({
        file: `card-${language}-${scheme}-${width}.png`,
        path: CARD_PATH,
        language,
        scheme,
        width,
        signedIn: 'customer',
        viewportOnly: true,
      });
  for (const [name, path] of PUBLIC_PAGES)
    shots.push({
      file: `${name}-pl-light-1280.png`,
      path,
      language: 'pl',
      scheme: 'light',
      width: 1280,
      signedIn: null,
    });
  return only ? shots.filter((shot) => shot.file.startsWith(only)) : shots;
}

/**
 * Settled means: the screen's heading is there, no spinner is left and no finite animation is running.
 * (Not "network idle": signed-in screens keep their event stream open.)
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 });
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

type StorageState = BrowserContextOptions['storageState'];

/** Signs in on the login screen the page shows, as a person does. */
async function submitPassword(page: Page, email: string): Promise<void> {
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
}

/** Signs a demo account in once, as the login screen does, and keeps the cookies and local storage. */
async function signedInState(browser: Browser, email: string): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'pl-PL' });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await submitPassword(page, email);
    await page.waitForURL(/\/(home|staff)(\/|$)/);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The demo customer's first machine and request, for the detail screens. */
async function demoIds(browser: Browser, state: StorageState): Promise<Record<string, string>> {
  const context = await browser.newContext({ storageState: state });
  try {
    const first = async (path: string) => {
      const answer = await context.request.get(`${baseUrl}${path}`);
      const { items } = (await answer.json()) as { items: Array<{ id: string }> };
      if (!items[0]) throw new Error(`${path} has no rows`);
      return items[0].id;
    };
    return {
      machineId: await first('/api/end-products/user-owned'),
      requestId: await first('/api/service-requests/user-owned'),
      // The demo's only request in status A carries the internal note (db/seed/service-requests.ts).
      noteRequestId: await first('/api/service-requests/user-owned?status=A'),
    };
  } finally {
    await context.close();
  }
}

/** The demo customer's id as the staff's customer search finds it (issue 15's customer page). */
async function demoCustomerId(browser: Browser, state: StorageState): Promise<Record<string, string>> {
  const context = await browser.newContext({ storageState: state });
  try {
    const answer = await context.request.get(`${baseUrl}/api/staff/customers?q=${ACCOUNTS.customer}`);
    const { items } = (await answer.json()) as { items: Array<{ id: string }> };
    if (!items[0]) throw new Error('The customer search does not find the demo customer');
    return { customerId: items[0].id };
  } finally {
    await context.close();
  }
}

/**
 * The intake pictures' state (docs/decisions/064): as the service desk, a request filed for the demo customer by
 * phone with its transport corrected, and a second one closed as its duplicate.
 */
async function intakeIds(
  browser: Browser,
  state: StorageState,
  customerId: string,
): Promise<Record<string, string>> {
  const context = await browser.newContext({ storageState: state });
  try {
    const read = async <T>(path: string) =>
      (await (await context.request.get(`${baseUrl}${path}`)).json()) as T;
    const machines = await read<Array<{ id: string }>>(`/api/staff/intake/customers/${customerId}/machines`);
    const elements = await read<{
      transportTypes: Array<{ code: string }>;
      deliveryPlaces: Array<{ code: string }>;
    }>('/api/service-requests/elements');
    const fileOne = (problemDescription: string) =>
      call(browser, state, 'POST', '/api/staff/intake/service-requests', {
        customerId,
        machineId: machines[0]!.id,
        problemDescription,
        transportType: elements.transportTypes[0]?.code,
        deliveryPlace: elements.deliveryPlaces[0]?.code,
      }) as Promise<{ id: string; code: string }>;
    const filed = await fileOne(
      'Klient dzwonił: przekładnia hałasuje przy pełnym obciążeniu, najgłośniej na zakrętach.',
    );
    await call(browser, state, 'POST', `/api/staff/service-requests/${filed.id}/corrections`, {
      transportType: elements.transportTypes[1]?.code ?? null,
      reason: 'Klient oddzwonił: przywiezie maszynę sam w czwartek.',
    });
    const copy = await fileOne('Przekładnia hałasuje (zgłoszenie przyjęte drugi raz przez pomyłkę).');
    await call(browser, state, 'POST', `/api/staff/service-requests/${copy.id}/duplicate`, {
      originalCode: filed.code,
      note: 'Ta sama sprawa, przyjęta dwa razy.',
    });
    return { intakeRequestId: filed.id, intakeDuplicateId: copy.id };
  } finally {
    await context.close();
  }
}

/** Calls the API as a signed-in account; refuses anything but a success. */
async function call(
  browser: Browser,
  state: StorageState,
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
): Promise<unknown> {
  const context = await browser.newContext({ storageState: state });
  try {
    const answer = await context.request.fetch(`${baseUrl}${path}`, { method, data });
    if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
    return answer.status() === 204 ? null : await answer.json();
  } finally {
    await context.close();
  }
}

/** The `route` link (set-password, rate) of the newest e-mail the portal wrote to `email` (quoted-printable). */
async function mailedPath(email: string, route = 'set-password'): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR).filter((file) => file.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const text = readFileSync(join(MAIL_DIR, file), 'utf8').replace(/=\r?\n/g, '');
      const link = text.includes(email) ? new RegExp(`/${route}/[\\w-]+`).exec(text) : null;
      if (link) return link[0];
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`No ${route} e-mail to ${email} in ${MAIL_DIR} (is DATA_DIR the portal's?)`);
}

/** Today in Poland (the F dialog's default completion date). */
const todayInPoland = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());

/** Opens the status tab of the staff's request page, chooses F and asks for the change: the F dialog. */
async function openFDialog(page: Page): Promise<void> {
  await page.getByRole('tab').nth(1).click();
  await page.locator('input[type="radio"][value="F"]').check();
  await page.getByRole('tabpanel').locator('button[type="submit"]').first().click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
}

/** The pictures of RATING_PAGES, in the order of what they need (see there); `requestId`: the demo's request in A. */
async function ratingShots(
  browsers: Browsers,
  browser: Browser,
  states: Record<Role, StorageState>,
  requestId: string,
): Promise<string[]> {
  const failures: string[] = [];
  const shoot = async (
    name: (typeof RATING_PAGES)[number],
    path: string,
    signedIn: Role | null,
    extra = {},
  ) => {
    if (only && !name.startsWith(only) && !only.startsWith(name)) return;
    for (const { language, scheme, width } of SERVICE_VARIANTS) {
      const shot: Shot = {
        file: `${name}-${language}-${scheme}-${width}.png`,
        path,
        language,
        scheme,
        width,
        signedIn,
        ...extra,
      };
      await take(browsers, shot, states).catch((error: unknown) =>
        failures.push(`${shot.file}: ${String(error)}`),
      );
    }
  };
  const staffPage = `/staff/service-requests/${requestId}`;
  await shoot('rating-f-dialog', staffPage, 'staff', { act: openFDialog, viewportOnly: true });
  await call(browser, states.staff, 'POST', `/api/staff/service-requests/${requestId}/status`, {
    status: 'F',
    fromStatus: 'A',
    completionDate: todayInPoland(),
  });
  const link = await mailedPath(ACCOUNTS.customer, 'rate');
  await shoot('rating-link', link, null);
  await call(browser, states.customer, 'POST', '/api/service-ratings/link/rating', {
    token: link.split('/').at(-1),
    score: 4,
    comment: 'Naprawa szybka i fachowa, dziękuję. Proszę tylko o wcześniejszy telefon przed odbiorem.',
  });
  await shoot('rating-staff', staffPage, 'staff');
  await shoot('rating-service', `/home/services/edit/${requestId}`, 'customer');
  return failures;
}

/**
 * Issue 18's workshop: the thumbnail grid on the customer's and the staff's request page, the viewer (desktop and
 * 360 px) and the job sheet on screen and as printed (A4's width at 96 dpi), of a request with photos it files.
 */
async function workshopShots(browser: Browser, states: Record<Role, StorageState>): Promise<Shot[]> {
  const id = await fileWorkshopRequest(browser, states.customer, baseUrl);
  // The thumbnails load lazily, as they come into view: each is brought into view before the whole-page picture.
  const showThumbnails = async (page: Page) => {
    for (const image of await page.locator('ul img').all()) await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('ul img')].every(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  const openViewer = async (page: Page) => {
    await page.getByRole('list').locator('button').first().click();
    await page.locator('.yarl__slide_current img').first().waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.yarl__slide_current img');
      return Boolean(image?.complete && image.naturalWidth > 0);
    });
  };
  const shot = (file: string, path: string, signedIn: Role, extra: Partial<Shot> = {}): Shot => ({
    file,
    path,
    language: 'pl',
    scheme: 'light',
    width: 1280,
    signedIn,
    ...extra,
  });
  return [
    shot('workshop-service-pl-light-1280.png', `/home/services/edit/${id}`, 'customer', {
      act: showThumbnails,
    }),
    shot('workshop-service-en-dark-360.png', `/home/services/edit/${id}`, 'customer', {
      language: 'en',
      scheme: 'dark',
      width: 360,
      act: showThumbnails,
    }),
    shot('workshop-staff-service-pl-light-1280.png', `/staff/service-requests/${id}`, 'staff', {
      act: showThumbnails,
    }),
    shot('workshop-viewer-pl-light-1280.png', `/home/services/edit/${id}`, 'customer', {
      viewportOnly: true,
      act: openViewer,
    }),
    shot('workshop-viewer-en-dark-360.png', `/home/services/edit/${id}`, 'customer', {
      language: 'en',
      scheme: 'dark',
      width: 360,
      viewportOnly: true,
      act: openViewer,
    }),
    shot('workshop-job-sheet-pl-light-1280.png', `/staff/service-requests/${id}/job-sheet`, 'staff', {
      act: showThumbnails,
    }),
    shot('workshop-job-sheet-de-dark-360.png', `/staff/service-requests/${id}/job-sheet`, 'staff', {
      language: 'de',
      scheme: 'dark',
      width: 360,
      act: showThumbnails,
    }),
    shot('workshop-job-sheet-print-pl.png', `/staff/service-requests/${id}/job-sheet`, 'staff', {
      width: 794,
      media: 'print',
      act: showThumbnails,
    }),
  ];
}

/**
 * The pictures of STATEFUL_PAGES: an admin creates a service employee (the e-mail's link), parts sales
 * signs in under the second-factor requirement (the setup), and the service demo account turns TOTP on and signs in
 * again (the code).
 */
async function statefulShots(browser: Browser, states: Record<Role, StorageState>) {
  const email = `anna.nowak.${Date.now()}@agromech.example`;
  await call(browser, states.admin, 'POST', '/api/admin/staff-accounts', {
    email,
    firstName: 'Anna',
    lastName: 'Nowak',
    role: 'service',
    language: 'pl',
  });
  const setPassword = await mailedPath(email);
  await call(browser, states.admin, 'PUT', '/api/admin/security', { requireStaffSecondFactor: true });
  const { secret } = (await call(browser, states.staff, 'POST', '/api/user/mfa/totp', {})) as {
    secret: string;
  };
  await call(browser, states.staff, 'POST', '/api/user/mfa/totp/confirmation', {
    code: await generate({ secret }),
  });
  // The second step takes over from the password in the page's history entry: each picture signs in anew.
  const shots: Array<[name: (typeof STATEFUL_PAGES)[number], path: string, signInAs?: string]> = [
    ['set-password', setPassword],
    ['second-factor-setup', '/second-factor', 'czesci@agromech.example'],
    ['second-factor', '/second-factor', ACCOUNTS.staff],
  ];
  return shots.flatMap(([name, path, signInAs]): Shot[] =>
    SERVICE_VARIANTS.map(({ language, scheme, width }) => ({
      file: `${name}-${language}-${scheme}-${width}.png`,
      path,
      language,
      scheme,
      width,
      signedIn: null,
      ...(signInAs ? { signInAs } : {}),
    })),
  );
}

/** The browser and context locale of each picture's language. */
const LOCALES: Record<string, string> = { pl: 'pl-PL', en: 'en-GB', de: 'de-DE' };

/**
 * A browser per language, started when first needed: Chromium draws a date input (dd.mm.rrrr, tt.mm.jjjj) in its
 * own language, which on Linux comes from LANGUAGE (elsewhere from --lang), not from the context's locale. Debian's
 * Chromium has the languages' files only with the chromium-l10n package; without it every picture shows mm/dd/yyyy.
 */
function browsersByLanguage() {
  const launched = new Map<string, Promise<Browser>>();
  return {
    get(language: string): Promise<Browser> {
      const locale = LOCALES[language] ?? language;
      if (!launched.has(language))
        launched.set(
          language,
          chromium.launch({
            ...chromiumLaunchOptions,
            args: [...chromiumLaunchOptions.args, `--lang=${locale}`],
            env: { ...process.env, LANGUAGE: locale.replace('-', '_') },
          }),
        );
      return launched.get(language)!;
    },
    async close(): Promise<void> {
      await Promise.all([...launched.values()].map(async (browser) => (await browser).close()));
    },
  };
}
type Browsers = ReturnType<typeof browsersByLanguage>;

async function take(browsers: Browsers, shot: Shot, states: Record<Role, StorageState>): Promise<void> {
  const context = await (
    await browsers.get(shot.language)
  ).newContext({
    ...(shot.signedIn ? { storageState: states[shot.signedIn] } : {}),
    viewport: { width: shot.width, height: shot.height ?? (shot.width < 768 ? 780 : 800) },
    colorScheme: shot.scheme,
    locale: LOCALES[shot.language] ?? shot.language,
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    // SPEC §9: the query string is the first place the language is detected from.
    if (shot.signInAs) {
      await page.goto(`${baseUrl}/?lng=${shot.language}`);
      await submitPassword(page, shot.signInAs);
      await page.waitForURL(`${baseUrl}${shot.path}`);
    } else {
      await page.goto(`${baseUrl}${shot.path}${shot.path.includes('?') ? '&' : '?'}lng=${shot.language}`);
    }
    // A screen that never settles is still photographed: the picture shows what went wrong.
    const problem = await settle(page)
      .then(() => shot.act?.(page, shot.language as Language))
      .then(() => settle(page))
      .then(
        () => null,
        (error: unknown) => error,
      );
    if (shot.media) await page.emulateMedia({ media: shot.media });
    await page.screenshot({ path: resolve(outDir, shot.file), fullPage: !shot.viewportOnly });
    console.log(`  ${shot.file}${problem ? '  (did not settle)' : ''}`);
    if (problem) throw problem;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const answer = await fetch(`${baseUrl}/`).catch(() => null);
  if (!answer?.ok) {
    throw new Error(
      `No portal answers at ${baseUrl}. Start one first, e.g. PORT=3110 DATABASE_URL=memory:// npm start`,
    );
  }
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const browsers = browsersByLanguage();
  const failures: string[] = [];
  try {
    console.log(`Screenshots of ${baseUrl} into ${outDir}:`);
    const states: Record<Role, StorageState> = {
      customer: await signedInState(browser, ACCOUNTS.customer),
      staff: await signedInState(browser, ACCOUNTS.staff),
      admin: await signedInState(browser, ACCOUNTS.admin),
    };
    const ids: Record<string, string> = {
      ...(await demoIds(browser, states.customer)),
      ...(await demoCustomerId(browser, states.staff)),
    };
    if (!only || 'intake'.startsWith(only) || only.startsWith('intake'))
      Object.assign(ids, await intakeIds(browser, states.staff, ids.customerId!));
    for (const plannedShot of plan()) {
      const shot = {
        ...plannedShot,
        path: plannedShot.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!),
      };
      await take(browsers, shot, states).catch((error: unknown) =>
        failures.push(`${shot.file}: ${String(error)}`),
      );
    }
    if (!only || 'workshop'.startsWith(only) || only.startsWith('workshop')) {
      for (const shot of await workshopShots(browser, states)) {
        if (only && !shot.file.startsWith(only)) continue;
        await take(browsers, shot, states).catch((error: unknown) =>
          failures.push(`${shot.file}: ${String(error)}`),
        );
      }
    }
    if (!only || RATING_PAGES.some((name) => name.startsWith(only) || only.startsWith(name)))
      failures.push(...(await ratingShots(browsers, browser, states, ids.noteRequestId!)));
    if (!only || STATEFUL_PAGES.some((name) => name.startsWith(only) || only.startsWith(name))) {
      for (const shot of await statefulShots(browser, states)) {
        if (only && !shot.file.startsWith(only)) continue;
        await take(browsers, shot, states).catch((error: unknown) =>
          failures.push(`${shot.file}: ${String(error)}`),
        );
      }
    }
  } finally {
    await browsers.close();
    await browser.close();
  }
  if (failures.length) throw new Error(`Some screenshots failed:\n${failures.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

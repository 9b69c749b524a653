import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { JOURNEY_SERIAL_NUMBERS } from '../../apps/server/src/db/seed/free-serials.ts';
import { portalLink, waitForMail } from './mail.ts';
import { originOf, type Server } from './servers.ts';
import { t, type Language } from './translations.ts';

/** The demo customer of the seed (README): used where a journey only reads. */
export const DEMO_PASSWORD = 'Zniwa-2026-demo';
export const DEMO_CUSTOMER = 'jan.kowalski@example.com';

/**
 * The free serial numbers of the demo data are shared out by slot, so journeys running in parallel never
 * register the same machine; a retry takes the slot's second number (the first may be taken by then).
 */
export function journeySerial(slot: number, testInfo: TestInfo): string {
  const serial = JOURNEY_SERIAL_NUMBERS[slot * 2 + Math.min(testInfo.retry, 1)];
  if (!serial) throw new Error(`No journey serial number for slot ${slot}`);
  return serial;
}

export interface Customer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  serialNumber: string;
}

export function newCustomer(label: string, serialNumber: string): Customer {
  const suffix = randomBytes(4).toString('hex');
  return {
    email: `${label}-${suffix}@example.com`,
    password: `Orka-${suffix}-2026`,
    firstName: 'Zofia',
    lastName: 'Wiśniewska',
    serialNumber,
  };
}

/**
 * A confirmed customer made through the API as the registration screen would (registration, the e-mailed
 * link, confirmation), for journeys about what comes after.
 */
export async function registerConfirmedCustomer(
  request: APIRequestContext,
  server: Server,
  customer: Customer,
  language: Language = 'pl',
): Promise<void> {
  const origin = originOf(server);
  const headers = { origin, 'accept-language': language };
  const registered = await request.post(`${origin}${server.basePath}/auth/registration`, {
    headers,
    data: {
      personFirstName: customer.firstName,
      personLastName: customer.lastName,
      email: customer.email,
      username: customer.email,
      phone: '600100200',
      peselOrNip: '',
      machineNumber: customer.serialNumber,
      password: customer.password,
      countryCode: '',
      zipCode: '',
      currencyCode: '',
      captchaResponse: '',
      rulesAgreementChecked: true,
      marketingAgreementChecked: false,
    },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  const link = portalLink(await waitForMail(server, customer.email, { linkTo: '/confirm/' }), '/confirm/');
  const [id, username] = link.pathname.split('/').slice(-2).map(decodeURIComponent);
  const confirmed = await request.post(`${origin}${server.basePath}/auth/registration/confirmation`, {
    headers,
    data: { id, username },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

const field = (page: Page, key: string, language: Language) =>
  page.getByRole('textbox', { name: t(key, language), exact: true });

/** Fills the login form and signs in, as a person would; waits for the sign-in-successful notice. */
export async function signIn(
  page: Page,
  { email, password }: Pick<Customer, 'email' | 'password'>,
  { language = 'pl', remember = false }: { language?: Language; remember?: boolean } = {},
): Promise<void> {
  await field(page, 'auth:login.username', language).fill(email);
  await field(page, 'auth:login.password', language).fill(password);
  if (remember) await page.getByRole('checkbox', { name: t('auth:login.remember', language) }).check();
  await page.getByRole('button', { name: t('auth:login.submit', language), exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: t('auth:sign-in-successful', language) }),
  ).toBeVisible();
}

/** A second browser signed in as the customer (another device), to see its session end. */
export async function signInElsewhere(
  request: APIRequestContext,
  server: Server,
  { email, password }: Pick<Customer, 'email' | 'password'>,
): Promise<() => Promise<number>> {
  const origin = originOf(server);
  const answer = await request.post(`${origin}${server.basePath}/auth/login`, {
    headers: { origin },
    data: { username: email, password, remember: false },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  /** The status the other device gets for its next call. */
  return async () => (await request.get(`${origin}${server.basePath}/api/user/extended-details`)).status();
}

/** Opens an entry of the user menu in the header (SPEC §2: change password, settings, logout). */
export async function openUserMenuEntry(page: Page, key: string, language: Language = 'pl'): Promise<void> {
  await page.getByRole('button', { name: t('layout:user-menu.open', language) }).click();
  await page.getByRole('menuitem', { name: t(key, language) }).click();
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@care/contract/locales';
import type { StaffAccount, StaffAccountPage } from '@care/contract/staff-accounts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Answer, createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as StaffAccounts } from './staff-accounts.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() => notifications.clean());

const account = (fields: Partial<StaffAccount> & Pick<StaffAccount, 'id'>): StaffAccount => ({
  email: `person${fields.id}@agromech.example`,
  firstName: 'First',
  lastName: 'Last',
  role: 'service',
  language: 'pl',
  status: 'active',
  lastLoginAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-01-10T08:00:00.000Z',
  activeSessions: 1,
  ...fields,
});

const piotr = account({ id: '2', firstName: 'Piotr', lastName: 'Nowak', email: 'serwis@agromech.example' });
const ola = account({
  id: '3',
  firstName: 'Ola',
  lastName: 'Kowalczyk',
  role: 'sales',
  status: 'disabled',
  activeSessions: 0,
});
const tomasz = account({
  id: '1',
  firstName: 'Tomasz',
  lastName: 'Zieliński',
  role: 'admin',
  email: 'admin@agromech.example',
});
const page: StaffAccountPage = { items: [piotr, ola, tomasz], total: 3, page: 1, pageSize: 20 };

const LIST = '/api/admin/staff-accounts';
const changes = () => api.state.requests.filter((r) => r.method !== 'GET');
const listCalls = () => api.state.requests.filter((r) => r.method === 'GET' && r.path === LIST);

/** The list, and `answer` for every change (as the server answers them). */
function serve(answer: (request: RecordedRequest) => Answer) {
  api.reset((request) =>
    request.method === 'GET' && request.path === LIST ? { status: 200, body: page } : answer(request),
  );
}

const LAST_ADMIN: Answer = {
  status: 409,
  body: { code: 'LAST_ADMIN', message: 'server text that is not shown' },
};

/** The message as the translation files word it (read from them, not through the app's lookup). */
const LAST_ADMIN_TEXT = Object.fromEntries(
  LANGUAGES.map((language) => {
    const file = join(import.meta.dirname, `../../../../public/locales/lang/errors/${language}.json`);
    const { codes } = JSON.parse(readFileSync(file, 'utf8')) as { codes: Record<string, string> };
    return [language, codes.LAST_ADMIN!];
  }),
) as Record<Language, string>;

/** Opens a person's menu in the table (phones get the same menu on a card) and picks an item, then confirms. */
async function choose(name: string, item: string, { menu = 'Actions for', confirm = 'Confirm' } = {}) {
  const table = await screen.findByRole('table', { name: /Staff accounts|Konta pracowników/ });
  await userEvent.click(within(table).getByRole('button', { name: `${menu} ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

function renderScreen(language: Language = 'en') {
  return renderWithProviders(<StaffAccounts />, {
    route: '/staff/admin/staff',
    path: '/staff/admin/staff',
    language,
  });
}

describe('staff accounts screen: the last active admin', () => {
  it('shows the translated LAST_ADMIN refusal when the last admin is demoted or disabled, and no success', async () => {
    serve(() => LAST_ADMIN);
    await renderScreen();

    await choose('Tomasz Zieliński', 'Make Service');
    expect(await screen.findByText(LAST_ADMIN_TEXT.en)).toBeVisible();
    expect(changes().map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', `${LIST}/1/role`, { role: 'service' }],
    ]);

    notifications.clean();
    await waitFor(() => expect(screen.queryByText(LAST_ADMIN_TEXT.en)).toBeNull());
    await choose('Tomasz Zieliński', 'Disable');
    expect(await screen.findByText(LAST_ADMIN_TEXT.en)).toBeVisible();
    expect(changes().map((r) => [r.method, r.path])).toEqual([
      ['PUT', `${LIST}/1/role`],
      ['POST', `${LIST}/1/disable`],
    ]);

    expect(screen.queryByText('server text that is not shown')).toBeNull();
    expect(screen.queryByText('The role of Tomasz Zieliński has been changed.')).toBeNull();
    expect(screen.queryByText('Tomasz Zieliński has been disabled and signed out.')).toBeNull();
  });

  it('says it in the screen’s language (Polish)', async () => {
    serve(() => LAST_ADMIN);
    await renderScreen('pl');
    await choose('Tomasz Zieliński', 'Wyłącz', { menu: 'Akcje dla:', confirm: 'Potwierdź' });
    expect(await screen.findByText(LAST_ADMIN_TEXT.pl)).toBeVisible();
    expect(LAST_ADMIN_TEXT.pl).not.toBe(LAST_ADMIN_TEXT.en);
  });
});

describe('staff accounts screen: the row actions', () => {
  it.each([
    {
      action: 'a role change',
      name: 'Piotr Nowak',
      item: 'Make Parts sales',
      request: ['PUT', `${LIST}/2/role`, { role: 'sales' }],
      answer: { ...piotr, role: 'sales' as const },
      notice: 'The role of Piotr Nowak has been changed.',
    },
    {
      action: 'enabling a disabled account',
      name: 'Ola Kowalczyk',
      item: 'Enable',
      request: ['POST', `${LIST}/3/enable`, undefined],
      answer: { ...ola, status: 'active' as const },
      notice: 'Ola Kowalczyk has been enabled.',
    },
    {
      action: 'the forced sign-out',
      name: 'Piotr Nowak',
      item: 'Sign out everywhere',
      request: ['POST', `${LIST}/2/sign-out`, undefined],
      answer: { ...piotr, activeSessions: 0 },
      notice: 'Piotr Nowak has been signed out everywhere.',
    },
    {
      action: 'a new set-password link',
      name: 'Piotr Nowak',
      item: 'Send a new set-password link',
      request: ['POST', `${LIST}/2/set-password-link`, undefined],
      answer: piotr,
      notice: 'A new link has been sent to Piotr Nowak.',
    },
  ])(
    '$action calls its endpoint once, says so and reloads the list',
    async ({ name, item, request, answer, notice }) => {
      serve(() => ({ status: 200, body: answer }));
      await renderScreen();
      await screen.findByRole('table', { name: 'Staff accounts' });
      const before = listCalls().length;

      await choose(name, item);

      expect(await screen.findByText(notice)).toBeVisible();
      expect(changes().map((r) => [r.method, r.path, r.body])).toEqual([request]);
      await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    },
  );

  it('offers a disabled account only enabling and the role, an active one no enabling', async () => {
    serve(() => ({ status: 500 }));
    await renderScreen();
    const table = await screen.findByRole('table', { name: 'Staff accounts' });

    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Ola Kowalczyk' }));
    const disabledItems = (await screen.findAllByRole('menuitem')).map((el) => el.textContent);
    expect(disabledItems).toEqual(['Make Service', 'Make Admin', 'Enable']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Piotr Nowak' }));
    const activeItems = (await screen.findAllByRole('menuitem')).map((el) => el.textContent);
    expect(activeItems).toEqual([
      'Make Parts sales',
      'Make Admin',
      'Send a new set-password link',
      'Sign out everywhere',
      'Disable',
    ]);
    expect(changes()).toEqual([]);
  });
});

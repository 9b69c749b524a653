import type { Machine } from '@care/contract/machines';
import type { UserSetting } from '@care/contract/user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Machines } from './machines.tsx';

const baler: Machine = {
  id: '7',
  name: 'Prasa zwijająca Z-562',
  serialNumber: 'AGM562-0001',
  purchaseDate: '2024-04-02',
  guaranteeEndDate: '2026-04-02',
  status: 'I',
  dealer: 'Agro-Serwis Kowalscy',
  guaranteeDaysLeft: 20,
  guaranteeState: 'ending',
};

/** The server's saved settings (what api/user/settings keeps between browsers). */
let saved: UserSetting[] = [];

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() => {
  localStorage.clear();
  saved = [];
  api.reset((request) => {
    if (request.path === '/api/end-products/user-owned')
      return { status: 200, body: { items: [baler], total: 1, page: 1, pageSize: 20 } };
    if (request.path === '/api/user/settings' && request.method === 'GET')
      return { status: 200, body: saved };
    if (request.path === '/api/user/settings' && request.method === 'POST') {
      const { key, value } = request.body as Pick<UserSetting, 'key' | 'value'>;
      saved = [{ id: '1', broadValue: 'care-portal', key, value }];
      return { status: 200, body: saved[0] };
    }
    return { status: 404 };
  });
});

const listCalls = () => api.state.requests.filter((r) => r.path === '/api/end-products/user-owned');
const saves = () => api.state.requests.filter((r) => r.path === '/api/user/settings' && r.method === 'POST');
const lastSavedValue = () => (saves().at(-1)?.body as { value: Record<string, unknown> } | undefined)?.value;
const sortOf = (request: RecordedRequest | undefined) =>
  `${request?.query.get('sort')} ${request?.query.get('order')}`;

function renderMachines() {
  return renderWithProviders(<Machines />, { route: '/home/machines', path: '/home/machines' });
}

/** The desktop table (jsdom applies no media queries, so the phone cards are in the document too). */
const table = () => screen.getByRole('table', { name: 'My machines' });

// A header's accessible name is its label followed by its resize grip's width ("Dealer 200 pixels").

describe('the machines table settings', () => {
  it('saves a new sort and a hidden column through api/user/settings and restores them in another browser', async () => {
    const first = await renderMachines();
    await within(await screen.findByRole('table')).findByRole('link', { name: baler.name });
    expect(sortOf(listCalls()[0])).toBe('purchaseDate desc');

    await userEvent.click(within(table()).getByRole('button', { name: 'Serial number' }));
    await waitFor(() => expect(sortOf(listCalls().at(-1))).toBe('serialNumber asc'));
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dealer' }));
    expect(within(table()).queryByRole('columnheader', { name: /^Dealer/ })).not.toBeInTheDocument();

    await waitFor(() =>
      expect(lastSavedValue()).toMatchObject({
        sorting: [{ id: 'serialNumber', desc: false }],
        columnVisibility: { dealer: false },
      }),
    );
    expect(saves().at(-1)!.body).toMatchObject({ broadValue: 'care-portal', key: 'table.machines' });
    first.unmount();

    // Another browser: nothing kept locally, the server's copy arrives and the table follows it.
    localStorage.clear();
    api.state.requests = [];
    await renderMachines();
    await waitFor(() =>
      expect(within(table()).getByRole('columnheader', { name: /^Serial number/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    expect(within(table()).queryByRole('columnheader', { name: /^Dealer/ })).not.toBeInTheDocument();
    await waitFor(() => expect(sortOf(listCalls().at(-1))).toBe('serialNumber asc'));
  }, 20_000);

  it('restores the table on the next visit from the copy kept since sign-in, before the server answers', async () => {
    const value = { sorting: [{ id: 'name', desc: true }], columnVisibility: { serialNumber: false } };
    localStorage.setItem(
      'userSettings',
      JSON.stringify([{ id: '1', broadValue: 'care-portal', key: 'table.machines', value }]),
    );
    saved = [{ id: '1', broadValue: 'care-portal', key: 'table.machines', value }];
    await renderMachines();
    await within(await screen.findByRole('table')).findByRole('link', { name: baler.name });
    expect(listCalls().map(sortOf)).toEqual(['name desc']);
    expect(within(table()).getByRole('columnheader', { name: /^Machine name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table()).queryByRole('columnheader', { name: /^Serial number/ })).not.toBeInTheDocument();
  });

  it('saves column widths and order changed with the keyboard, once per burst of changes', async () => {
    await renderMachines();
    await within(await screen.findByRole('table')).findByRole('link', { name: baler.name });

    const grip = within(table()).getByRole('slider', { name: 'Width of the column Machine name' });
    grip.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(grip).toHaveAttribute('aria-valuenow', '252');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Dealer up' }));

    await waitFor(() =>
      expect(lastSavedValue()).toMatchObject({
        columnSizing: { name: 252 },
        columnOrder: ['name', 'serialNumber', 'purchaseDate', 'guaranteeEndDate', 'dealer', 'status'],
      }),
    );
    expect(saves()).toHaveLength(1);
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(-2)).toEqual(['Dealer', 'Status']);
  });
});

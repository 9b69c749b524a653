import type { ServiceRequestListItem } from '@care/contract/service-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAVE_DELAY_MS } from '#app/features/table-settings/api.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Services } from './services.tsx';

const request = (id: number, unreadCount = 0): ServiceRequestListItem => ({
  id: String(id),
  code: `SR/2026/${String(id).padStart(6, '0')}`,
  machineId: '7',
  machineName: 'Prasa zwijająca Z-562',
  machineSerialNumber: 'AGM562-0001',
  status: 'C',
  reportDate: '2026-03-02T09:15:00.000Z',
  estimatedCompletionDate: null,
  completionDate: null,
  unreadCount,
});

const api = createApiServer();
beforeAll(async () => {
  // jsdom has no layout: Mantine's option lists scroll the active option into view.
  Element.prototype.scrollIntoView ??= () => {};
  await api.start();
});
afterAll(api.stop);
beforeEach(() => {
  localStorage.clear();
  api.reset(({ path, method, query }) => {
    if (path === '/api/service-requests/user-owned') {
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      return {
        status: 200,
        body: { items: [request(page * 100, 2), request(page * 100 + 1)], total: 45, page, pageSize },
      };
    }
    if (path === '/api/user/settings' && method === 'GET') return { status: 200, body: [] };
    if (path === '/api/user/settings' && method === 'POST')
      return { status: 200, body: { id: '1', broadValue: 'care-portal', key: 'table.services', value: {} } };
    if (path === '/api/end-products/user-owned')
      return { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } };
    return { status: 404 };
  });
});

/** The list calls' parameters, e.g. "page=2&pageSize=20&sort=reportDate&order=desc". */
const listParams = () =>
  api.state.requests
    .filter((r) => r.path === '/api/service-requests/user-owned')
    .map((r) => new URLSearchParams([...r.query.entries()].sort()).toString());
const table = () => screen.getByRole('table', { name: 'Service requests' });

function renderServices(route = '/home/services') {
  return renderWithProviders(<Services />, {
    route,
    path: '/home/services',
    routes: [{ path: '/home/services/new', element: <p>new request form</p> }],
  });
}

describe('the service requests list', () => {
  it('asks the server for each page, page size and sort, back on page 1 after a new sort', async () => {
    const { router } = await renderServices();
    await within(await screen.findByRole('table')).findByRole('link', { name: 'SR/2026/000100' });
    expect(listParams()).toEqual(['order=desc&page=1&pageSize=20&sort=reportDate']);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await within(table()).findByRole('link', { name: 'SR/2026/000200' });
    expect(listParams().at(-1)).toBe('order=desc&page=2&pageSize=20&sort=reportDate');
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.click(within(table()).getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(listParams().at(-1)).toBe('order=asc&page=1&pageSize=20&sort=status'));
    await userEvent.click(within(table()).getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(listParams().at(-1)).toBe('order=desc&page=1&pageSize=20&sort=status'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(listParams().at(-1)).toBe('order=desc&page=1&pageSize=50&sort=status'));
    expect(router.state.location.search).toBe('?pageSize=50');
    // The chosen sort is saved (and lands within this test, not in the next one's requests).
    await waitFor(
      () =>
        expect(api.state.requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
          key: 'table.services',
          value: { sorting: [{ id: 'status', desc: true }] },
        }),
      { timeout: SAVE_DELAY_MS + 5_000 },
    );
  }, 20_000);

  it('applies the filters a link carries and shows them', async () => {
    const { router } = await renderServices('/home/services?status=N,C&machineId=7');
    await within(await screen.findByRole('table')).findByRole('link', { name: 'SR/2026/000100' });
    expect(listParams()).toEqual(['machineId=7&order=desc&page=1&pageSize=20&sort=reportDate&status=N%2CC']);
    // In sight without opening the filter panel, and for this visit only: nothing is saved.
    const active = screen.getByRole('group', { name: 'Active filters' });
    expect(active).toHaveTextContent('Status: Pending, Under consideration');
    expect(active).toHaveTextContent(/Filters from the link apply to this visit only/);
    expect(router.state.location.search).toBe('?status=N,C&machineId=7');
    // A save would follow SAVE_DELAY_MS after a change.
    await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 500));
    expect(api.state.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // One click clears them (the address too); the list asks for everything again.
    await userEvent.click(within(active).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(listParams().at(-1)).toBe('order=desc&page=1&pageSize=20&sort=reportDate'));
  });

  it('shows the unread messages of each request and links to the request and to a new one', async () => {
    await renderServices();
    const row = (
      await within(await screen.findByRole('table')).findByRole('link', { name: 'SR/2026/000100' })
    ).closest('tr')!;
    expect(within(row).getByRole('img', { name: '2 unread messages' })).toHaveTextContent('2');
    expect(within(row).getByRole('link', { name: 'SR/2026/000100' })).toHaveAttribute(
      'href',
      '/home/services/edit/100',
    );
    const other = within(table()).getByRole('link', { name: 'SR/2026/000101' }).closest('tr')!;
    expect(within(other).queryByRole('img', { name: /unread/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New request' })).toHaveAttribute('href', '/home/services/new');
  });
});

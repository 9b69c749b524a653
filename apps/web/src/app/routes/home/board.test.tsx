import type { Machine } from '@care/contract/machines';
import type { ServiceRequestListItem } from '@care/contract/service-requests';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandKeys } from '#app/features/brand/api.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Board } from './board.tsx';

const machine = (
  id: string,
  name: string,
  guarantee: Pick<Machine, 'guaranteeState' | 'guaranteeDaysLeft'>,
): Machine => ({
  id,
  name,
  serialNumber: `SN-${id}`,
  purchaseDate: '2024-04-02',
  guaranteeEndDate: guarantee.guaranteeDaysLeft === null ? null : '2026-04-02',
  status: 'I',
  dealer: null,
  ...guarantee,
});

const machines = [
  machine('1', 'Siewnik S-300', { guaranteeState: 'active', guaranteeDaysLeft: 310 }),
  machine('2', 'Prasa Z-562', { guaranteeState: 'ending', guaranteeDaysLeft: 20 }),
  machine('3', 'Kosiarka K-10', { guaranteeState: 'ending', guaranteeDaysLeft: 0 }),
  machine('4', 'Kombajn B-1', { guaranteeState: 'ended', guaranteeDaysLeft: -170 }),
  machine('5', 'Rozsiewacz R-2', { guaranteeState: 'none', guaranteeDaysLeft: null }),
];

const openRequest: ServiceRequestListItem = {
  id: '41',
  code: 'SR/2026/000041',
  machineId: '2',
  machineName: 'Prasa Z-562',
  machineSerialNumber: 'SN-2',
  status: 'C',
  reportDate: '2026-03-02T09:15:00.000Z',
  estimatedCompletionDate: null,
  completionDate: null,
  unreadCount: 2,
};

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() =>
  api.reset(({ path }) => {
    if (path === '/api/end-products/user-owned')
      return { status: 200, body: { items: machines, total: 6, page: 1, pageSize: 3 } };
    if (path === '/api/service-requests/user-owned')
      return { status: 200, body: { items: [openRequest], total: 1, page: 1, pageSize: 3 } };
    if (path === '/api/chat/comments/unread')
      return {
        status: 200,
        body: {
          total: 3,
          requests: [
            { serviceRequestId: '41', count: 2 },
            { serviceRequestId: '12', count: 1 },
          ],
        },
      };
    return { status: 404 };
  }),
);

function renderBoard(language: 'en' | 'pl' = 'en') {
  return renderWithProviders(<Board />, {
    route: '/home/board',
    language,
    queryData: [[brandKeys.all, testBrand]],
  });
}

const tile = (name: string) => screen.getByRole('region', { name });

describe('the board', () => {
  it("shows each machine's guarantee: days left, ending, ending today, ended, unknown", async () => {
    await renderBoard();
    const machinesTile = tile('My machines');
    expect(await within(machinesTile).findByText('You have 6 machines.')).toBeInTheDocument();
    const guaranteeOf = (name: string) =>
      within(machinesTile).getByRole('link', { name }).closest('li')!.textContent;
    expect(guaranteeOf('Siewnik S-300')).toContain('310 days left');
    expect(guaranteeOf('Prasa Z-562')).toContain('Ends in 20 days');
    expect(guaranteeOf('Kosiarka K-10')).toContain('Ends today');
    expect(guaranteeOf('Kombajn B-1')).toContain('Guarantee ended');
    expect(guaranteeOf('Rozsiewacz R-2')).toContain('No guarantee date');
    expect(within(machinesTile).getByRole('link', { name: 'Go to machines' })).toHaveAttribute(
      'href',
      '/home/machines',
    );
  });

  it('says the days left in Polish with the right plural form', async () => {
    await renderBoard('pl');
    const machinesTile = tile('Moje maszyny');
    expect(await within(machinesTile).findByText('Masz 6 maszyn.')).toBeInTheDocument();
    expect(within(machinesTile).getByText('Jeszcze 310 dni')).toBeInTheDocument();
    expect(within(machinesTile).getByText('Kończy się za 20 dni')).toBeInTheDocument();
  });

  it('asks for one small page of open requests and shows them with their status and unread messages', async () => {
    await renderBoard();
    const requestsTile = tile('Open requests');
    expect(await within(requestsTile).findByText('You have 1 open request.')).toBeInTheDocument();
    const call = api.state.requests.find((r) => r.path === '/api/service-requests/user-owned')!;
    expect(call.query.get('status')).toBe('N,C,R,P,O,A');
    expect(call.query.get('pageSize')).toBe('3');
    expect(within(requestsTile).getByRole('link', { name: 'SR/2026/000041' })).toHaveAttribute(
      'href',
      '/home/services/edit/41',
    );
    expect(within(requestsTile).getByText('Under consideration')).toBeInTheDocument();
    expect(within(requestsTile).getByRole('img', { name: '2 unread messages' })).toBeInTheDocument();

    const messagesTile = tile('Unread messages');
    expect(await within(messagesTile).findByText(/unread messages in 2 requests/)).toBeInTheDocument();
    expect(within(messagesTile).getByText('3')).toBeInTheDocument();
  });
});

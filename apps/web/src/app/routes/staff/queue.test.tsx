import type { StaffQueuePage } from '@care/contract/staff';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { TEXT_FILTER_DELAY_MS } from '#app/features/staff/components/text-filter.tsx';
import { Component as Queue } from './queue.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const page: StaffQueuePage = {
  items: [
    {
      id: '12',
      code: 'SR/2026/000012',
      status: 'C',
      reportDate: '2026-05-04T08:15:00.000Z',
      statusChangedAt: '2026-05-05T10:00:00.000Z',
      customerId: '3',
      customerName: 'Jan Kowalski',
      customerEmail: 'jan.kowalski@example.com',
      machineId: '7',
      machineName: 'Prasa zwijająca Z-562',
      machineSerialNumber: 'AGM562-0001',
      unreadCount: 2,
      lastMessageAt: '2026-05-05T11:30:00.000Z',
      lastAuthor: { kind: 'customer', name: 'Jan Kowalski' },
      assignee: { id: '5', name: 'Piotr Nowak' },
      priority: 'urgent',
      tags: ['hydraulika'],
      waitingSince: '2026-05-05T11:30:00.000Z',
      guaranteeEndDate: '2026-06-01',
      guaranteeState: 'ending',
      due: { target: 'reply', at: '2026-05-04T12:15:00.000Z', minutesLeft: -150, state: 'overdue' },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totalCapped: false,
};

const queueCalls = () => api.state.requests.filter((r) => r.path === '/api/staff/service-requests');
const paramsOf = (request: RecordedRequest | undefined) => Object.fromEntries(request?.query ?? []);

function renderQueue(route: string) {
  api.reset((request) =>
    request.path === '/api/staff/colleagues'
      ? { status: 200, body: [{ id: '5', name: 'Piotr Nowak' }] }
      : { status: 200, body: page },
  );
  return renderWithProviders(<Queue />, { route, path: '/staff' });
}

describe('staff queue filters', () => {
  it('asks the server for the filters, order and page in the address', async () => {
    await renderQueue(
      '/staff?status=N,C&reportedFrom=2026-05-01&reportedTo=2026-05-31&machine=z-562&customer=kowal&waiting=true&view=mine&assignee=5&priority=high,urgent&tag=hydraulika&guarantee=ending&code=123&sort=lastMessageAt&order=desc&page=2',
    );
    expect(await screen.findAllByRole('link', { name: 'SR/2026/000012' })).not.toHaveLength(0);
    expect(paramsOf(queueCalls()[0])).toEqual({
      status: 'N,C',
      reportedFrom: '2026-05-01',
      reportedTo: '2026-05-31',
      machine: 'z-562',
      customer: 'kowal',
      waiting: 'true',
      view: 'mine',
      assignee: '5',
      priority: 'high,urgent',
      tag: 'hydraulika',
      guarantee: 'ending',
      code: '123',
      sort: 'lastMessageAt',
      order: 'desc',
      page: '2',
      pageSize: '20',
    });
  });

  it('leaves out what the contract refuses in a hand-edited address', async () => {
    await renderQueue('/staff?status=Q&reportedFrom=yesterday&sort=code&page=0');
    await waitFor(() => expect(queueCalls()).toHaveLength(1));
    expect(paramsOf(queueCalls()[0])).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'reportDate',
      order: 'desc',
      view: 'all',
    });
  });

  it('a new filter asks for the first page with it, and the address keeps it', async () => {
    const { router } = await renderQueue('/staff?page=3');
    await waitFor(() => expect(queueCalls()).toHaveLength(1));

    await userEvent.click(screen.getByRole('switch', { name: 'Waiting for us' }));
    await waitFor(() => expect(paramsOf(queueCalls().at(-1))).toMatchObject({ waiting: 'true', page: '1' }));

    // The report dates are behind "More filters" (the desk's everyday filters keep one row).
    await userEvent.click(screen.getByRole('button', { name: 'More filters' }));
    await userEvent.type(screen.getByLabelText('Reported from'), '2026-05-01');
    await waitFor(() =>
      expect(paramsOf(queueCalls().at(-1))).toMatchObject({ waiting: 'true', reportedFrom: '2026-05-01' }),
    );
    expect(router.state.location.search).toBe('?reportedFrom=2026-05-01&waiting=true');
  });

  it('a text filter waits for three characters and a pause, then asks once', async () => {
    await renderQueue('/staff');
    await waitFor(() => expect(queueCalls()).toHaveLength(1));
    const customer = screen.getByRole('searchbox', { name: 'Customer' });

    await userEvent.type(customer, 'ko');
    expect(screen.getByText('Type at least 3 characters.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, TEXT_FILTER_DELAY_MS * 2));
    expect(queueCalls()).toHaveLength(1);

    await userEvent.type(customer, 'wal');
    await waitFor(() => expect(queueCalls()).toHaveLength(2));
    expect(paramsOf(queueCalls()[1])).toMatchObject({ customer: 'kowal', page: '1' });
  });

  it('"Clear filters" keeps the order and asks for everything', async () => {
    await renderQueue('/staff?status=X&customer=kowal&sort=statusChangedAt&order=asc');
    await waitFor(() => expect(queueCalls()).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queueCalls()).toHaveLength(2));
    expect(paramsOf(queueCalls()[1])).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'statusChangedAt',
      order: 'asc',
      view: 'all',
    });
    expect(screen.getByRole('searchbox', { name: 'Customer' })).toHaveValue('');
  });

  it('past the capped count, offers the next page while pages come full', async () => {
    const item = page.items[0]!;
    const full = Array.from({ length: 20 }, (_, i) => ({
      ...item,
      id: String(1000 + i),
      code: `SR/2026/00${1000 + i}`,
    }));
    api.reset(() => ({
      status: 200,
      body: { ...page, items: full, total: 1000, page: 50, totalCapped: true },
    }));
    await renderWithProviders(<Queue />, { route: '/staff?page=50', path: '/staff' });

    expect(await screen.findByText('Requests: more than 1,000 – narrow the filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 51' }));
    await waitFor(() => expect(paramsOf(queueCalls().at(-1))).toMatchObject({ page: '51' }));
  });
});

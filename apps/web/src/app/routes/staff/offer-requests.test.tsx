import type { StaffOfferRequestDetails, StaffOfferRequestPage } from '@care/contract/offers';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '#app/lib/query-client.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import * as detailRoute from './offer-request.tsx';
import * as inboxRoute from './offer-requests.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
afterEach(() => queryClient.clear());
beforeEach(() => notifications.clean());

const row = {
  id: '8',
  number: 'OR/2026/000008',
  status: 'sent' as const,
  createdAt: '2026-05-04T08:15:00.000Z',
  statusChangedAt: '2026-05-04T08:15:00.000Z',
  itemCount: 2,
  customer: { id: '3', name: 'Jan Kowalski', email: 'jan.kowalski@example.com' },
};
const page: StaffOfferRequestPage = { items: [row], total: 1, page: 1, pageSize: 20 };

const offer: StaffOfferRequestDetails = {
  ...row,
  note: 'Proszę o termin dostawy.',
  language: 'pl',
  customer: { ...row.customer, phone: '600100200' },
  items: [
    {
      partId: '11',
      symbol: 'AM-6204.2RS',
      name: { default: 'pl', values: { pl: 'Łożysko kulkowe', en: 'Ball bearing' } },
      amount: 2,
      images: [],
    },
  ],
  history: [{ fromStatus: null, toStatus: 'sent', changedAt: '2026-05-04T08:15:00.000Z' }],
  attachments: [
    {
      id: '0b9f3c1e-8d55-4a8e-9a55-0f4f5d3c1a01',
      name: 'tabliczka.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 245_000,
      addedAt: '2026-05-04T08:15:00.000Z',
    },
  ],
};

const inboxCalls = () => api.state.requests.filter((r) => r.path === '/api/staff/offer-requests');

function renderRoute(route: string, path: string, mod: typeof inboxRoute | typeof detailRoute) {
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route,
    routes: [
      {
        path,
        loader: mod.loader,
        Component: mod.Component,
        ...('ErrorBoundary' in mod ? { ErrorBoundary: mod.ErrorBoundary } : {}),
        ...('shouldRevalidate' in mod ? { shouldRevalidate: mod.shouldRevalidate } : {}),
      },
    ],
  });
}

describe('parts sales inbox', () => {
  it('lists every customer’s requests with who sent them, and filters by status through the address', async () => {
    api.reset(() => ({ status: 200, body: page }));
    const { router } = await renderRoute('/staff/offer-requests?page=2', '/staff/offer-requests', inboxRoute);
    const table = await screen.findByRole('table', { name: 'Offer requests' });
    expect(within(table).getByRole('link', { name: 'OR/2026/000008' })).toHaveAttribute(
      'href',
      '/staff/offer-requests/8',
    );
    expect(within(table).getByText('Jan Kowalski')).toBeInTheDocument();
    expect(Object.fromEntries(inboxCalls()[0]!.query)).toEqual({ page: '2', pageSize: '20' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'In progress' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=in_progress'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'In progress' })).toBeChecked());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sent' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=sent%2Cin_progress'));
    await waitFor(() =>
      expect(Object.fromEntries(inboxCalls().at(-1)!.query)).toEqual({
        page: '1',
        pageSize: '20',
        status: 'sent,in_progress',
      }),
    );
  });

  it('filters by the days sent, from the address (the insight link) and from the fields', async () => {
    api.reset(() => ({ status: 200, body: page }));
    const { router } = await renderRoute(
      '/staff/offer-requests?status=quoted,closed&sentFrom=2026-06-01',
      '/staff/offer-requests',
      inboxRoute,
    );
    await screen.findByRole('table', { name: 'Offer requests' });
    expect(Object.fromEntries(inboxCalls()[0]!.query)).toEqual({
      page: '1',
      pageSize: '20',
      status: 'quoted,closed',
      sentFrom: '2026-06-01',
    });
    expect(screen.getByLabelText('Sent from')).toHaveValue('2026-06-01');

    await userEvent.type(screen.getByLabelText('Sent to'), '2026-06-30');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?status=quoted%2Cclosed&sentFrom=2026-06-01&sentTo=2026-06-30',
      ),
    );
    await waitFor(() => expect(inboxCalls().at(-1)!.query.get('sentTo')).toBe('2026-06-30'));
    await userEvent.clear(screen.getByLabelText('Sent from'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=quoted%2Cclosed&sentTo=2026-06-30'),
    );
  });

  it('ignores unknown statuses and days in a hand-edited address', async () => {
    api.reset(() => ({ status: 200, body: page }));
    await renderRoute(
      '/staff/offer-requests?status=bogus,quoted&sentFrom=yesterday',
      '/staff/offer-requests',
      inboxRoute,
    );
    await screen.findByRole('table', { name: 'Offer requests' });
    expect(inboxCalls()[0]!.query.get('status')).toBe('quoted');
    expect(inboxCalls()[0]!.query.has('sentFrom')).toBe(false);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Quoted' })).toBeChecked());
  });
});

describe('one offer request for parts sales', () => {
  const detailPath = '/api/staff/offer-requests/8';

  it('shows the customer’s contact, the parts, the note and the history', async () => {
    api.reset((r: RecordedRequest) =>
      r.path === detailPath ? { status: 200, body: offer } : { status: 404 },
    );
    await renderRoute('/staff/offer-requests/8', '/staff/offer-requests/:offerRequestId', detailRoute);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Offer request OR/2026/000008' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'jan.kowalski@example.com' })).toHaveAttribute(
      'href',
      'mailto:jan.kowalski@example.com?subject=OR%2F2026%2F000008',
    );
    expect(screen.getByRole('link', { name: '600100200' })).toHaveAttribute('href', 'tel:600100200');
    expect(screen.getAllByText('Ball bearing').length).toBeGreaterThan(0);
    expect(screen.getByText('Proszę o termin dostawy.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'tabliczka.jpg' }).getAttribute('href')).toMatch(
      /\/api\/staff\/offer-requests\/8\/attachments\/0b9f3c1e-8d55-4a8e-9a55-0f4f5d3c1a01$/,
    );
    // sent → in progress or closed; never straight to quoted.
    expect(screen.getByRole('button', { name: 'Start working on it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as quoted' })).toBeNull();
  });

  it('moves the request along and offers the next steps', async () => {
    api.reset((r: RecordedRequest) => {
      if (r.path === `${detailPath}/status`)
        return { status: 200, body: { ...offer, status: (r.body as { status: string }).status } };
      return r.path === detailPath ? { status: 200, body: offer } : { status: 404 };
    });
    await renderRoute('/staff/offer-requests/8', '/staff/offer-requests/:offerRequestId', detailRoute);
    await userEvent.click(await screen.findByRole('button', { name: 'Start working on it' }));
    expect(api.state.requests.find((r) => r.path === `${detailPath}/status`)!.body).toEqual({
      status: 'in_progress',
    });
    expect(await screen.findByText('New status: In progress.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mark as quoted' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start working on it' })).toBeNull();
  });

  it('says clearly when a colleague changed the status first, and shows the current state', async () => {
    // A colleague closed it meanwhile: the move is refused, and from then on the request reads closed.
    let refused = false;
    api.reset((r: RecordedRequest) => {
      if (r.path === `${detailPath}/status`) {
        refused = true;
        return { status: 409, body: { code: 'INVALID_STATUS_TRANSITION', message: 'x' } };
      }
      if (r.path !== detailPath) return { status: 404 };
      return { status: 200, body: refused ? { ...offer, status: 'closed' } : offer };
    });
    await renderRoute('/staff/offer-requests/8', '/staff/offer-requests/:offerRequestId', detailRoute);
    await userEvent.click(await screen.findByRole('button', { name: 'Start working on it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Someone has already changed this request's status. The current state is shown — please choose again.",
    );
    expect(await screen.findByText('The request is closed.')).toBeInTheDocument();
  });
});

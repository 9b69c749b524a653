import type { OfferRequestDetails, OfferRequestPage } from '@care/contract/offers';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useCartDialog } from '#app/features/cart/cart-dialog-store.ts';
import { useCartStore } from '#app/features/cart/cart-store.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import * as detailRoute from './offer-requests-detail.tsx';
import * as listRoute from './offer-requests.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
afterEach(() => queryClient.clear());

const page: OfferRequestPage = {
  items: [
    {
      id: '8',
      number: 'OR/2026/000008',
      status: 'quoted',
      createdAt: '2026-05-04T08:15:00.000Z',
      statusChangedAt: '2026-05-06T10:00:00.000Z',
      itemCount: 3,
    },
    {
      id: '5',
      number: 'OR/2026/000005',
      status: 'sent',
      createdAt: '2026-04-01T08:15:00.000Z',
      statusChangedAt: '2026-04-01T08:15:00.000Z',
      itemCount: 1,
    },
  ],
  total: 45,
  page: 2,
  pageSize: 20,
};

const offer: OfferRequestDetails = {
  ...page.items[0]!,
  note: 'Proszę o termin dostawy.',
  language: 'en',
  items: [
    {
      partId: '11',
      symbol: 'AM-6204.2RS',
      name: { default: 'pl', values: { pl: 'Łożysko kulkowe', en: 'Ball bearing' } },
      amount: 2,
      images: ['/catalog/bearing.webp'],
    },
    {
      partId: '12',
      symbol: 'PK 12-1100',
      name: { default: 'pl', values: { pl: 'Pasek klinowy' } },
      amount: 5,
      images: [],
    },
    {
      partId: null,
      symbol: 'SP-1',
      name: { default: 'pl', values: { pl: 'Sprężyna', en: 'Spring' } },
      amount: 1,
      images: [],
    },
  ],
  attachments: [],
  history: [
    { fromStatus: null, toStatus: 'sent', changedAt: '2026-05-04T08:15:00.000Z' },
    { fromStatus: 'sent', toStatus: 'in_progress', changedAt: '2026-05-05T08:15:00.000Z' },
    { fromStatus: 'in_progress', toStatus: 'quoted', changedAt: '2026-05-06T10:00:00.000Z' },
  ],
};

const notFound = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
function answer(routes: Record<string, unknown>) {
  api.reset((request: RecordedRequest) =>
    request.path in routes ? { status: 200, body: routes[request.path] } : notFound,
  );
}

function renderRoute(route: string, path: string, mod: typeof listRoute | typeof detailRoute) {
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route,
    routes: [
      {
        path,
        loader: mod.loader,
        Component: mod.Component,
        ...('ErrorBoundary' in mod ? { ErrorBoundary: mod.ErrorBoundary } : {}),
      },
    ],
  });
}

beforeEach(() => {
  useCartStore.getState().clear();
  useCartDialog.getState().close();
  notifications.clean();
});

describe("the customer's offer requests", () => {
  it('lists them with number, date, translated status and line count, on the page in the address', async () => {
    answer({ '/api/offer-requests/user-owned': page });
    await renderRoute('/home/offer-requests?page=2', '/home/offer-requests', listRoute);
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer requests' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Offer requests' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'OR/2026/000008' })).toHaveAttribute(
      'href',
      '/home/offer-requests/8',
    );
    expect(within(rows[1]!).getByText('Quoted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3 lines')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sent')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1 line')).toBeInTheDocument();
    const call = api.state.requests.find((r) => r.path === '/api/offer-requests/user-owned');
    expect(Object.fromEntries(call!.query)).toEqual({ page: '2', pageSize: '20' });
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
  });

  it('says there are none yet and leads to the catalogue', async () => {
    answer({ '/api/offer-requests/user-owned': { items: [], total: 0, page: 1, pageSize: 20 } });
    await renderRoute('/home/offer-requests', '/home/offer-requests', listRoute);
    expect((await screen.findAllByText('No offer requests yet')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Go to the catalogue' })[0]).toHaveAttribute(
      'href',
      '/home/catalog-folders',
    );
  });

  it('shows one request: the parts as sent, the note and the status history', async () => {
    answer({ '/api/offer-requests/8': offer });
    await renderRoute('/home/offer-requests/8', '/home/offer-requests/:offerRequestId', detailRoute);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Offer request OR/2026/000008' }),
    ).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Parts requested' });
    expect(within(items).getByText('Ball bearing')).toBeInTheDocument();
    expect(within(items).getByText('Pasek klinowy')).toBeInTheDocument();
    expect(within(items).getByText('No longer in the catalogue')).toBeInTheDocument();
    expect(screen.getByText('Proszę o termin dostawy.')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(within(history).getByText('In progress')).toBeInTheDocument();
    expect(within(history).getByText('Quoted')).toBeInTheDocument();
  });

  it("shows the error page for another customer's or an unknown request", async () => {
    answer({});
    await renderRoute('/home/offer-requests/99', '/home/offer-requests/:offerRequestId', detailRoute);
    expect(await screen.findByRole('heading', { level: 1, name: /error/i })).toBeInTheDocument();
  });

  it("'request again' puts the parts back in the cart, keeps ones already there, skips removed ones, opens the cart", async () => {
    useCartStore
      .getState()
      .add({ id: '12', name: 'Pasek klinowy', symbol: 'PK 12-1100', images: [], amount: 9 });
    answer({ '/api/offer-requests/8': offer });
    await renderRoute('/home/offer-requests/8', '/home/offer-requests/:offerRequestId', detailRoute);
    await userEvent.click(await screen.findByRole('button', { name: 'Request again' }));
    const cart = useCartStore.getState().items;
    expect(cart.map((item) => [item.id, item.amount])).toEqual([
      ['12', 9],
      ['11', 2],
    ]);
    expect(cart[1]).toMatchObject({ symbol: 'AM-6204.2RS', images: ['/catalog/bearing.webp'] });
    expect(cart[1]!.name).toContain('<en>Ball bearing</en>');
    expect(useCartDialog.getState().opened).toBe(true);
    expect(await screen.findByText('1 part put back in the cart: Ball bearing')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The selected product is already in the shopping cart (quantity unchanged): Pasek klinowy',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('These parts are no longer in the catalogue: Spring')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
  });
});

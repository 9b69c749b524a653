import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCartStore } from '#app/features/cart/cart-store.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { bearing, cardTrail, expectNoAxeViolations } from '../catalog/catalog-fixtures.ts';
import * as partRoute from './part.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
afterEach(() => {
  queryClient.clear();
  useCartStore.getState().clear();
});

function answer(routes: Record<string, unknown>) {
  api.reset((request: RecordedRequest) =>
    request.path in routes
      ? { status: 200, body: routes[request.path] }
      : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } },
  );
}

const renderPart = (id: string) =>
  renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route: `/home/parts/${id}`,
    routes: [
      {
        path: '/home/parts/:partId',
        loader: partRoute.loader,
        Component: partRoute.Component,
        ErrorBoundary: partRoute.ErrorBoundary,
      },
    ],
  });

describe('part page', () => {
  it('shows every part field, the placeholder picture and each card the part appears on', async () => {
    answer({
      '/api/parts/31': bearing,
      '/api/parts/paths': [
        { cardId: '21', positionNumber: '2', trail: cardTrail },
        { cardId: '21', positionNumber: '7', trail: cardTrail },
      ],
    });
    const { container } = await renderPart('31');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ball bearing 6204-2RS' }),
    ).toBeInTheDocument();
    expect(api.state.requests.find((r) => r.path === '/api/parts/paths')?.query.get('partId')).toBe('31');
    const details = screen.getByRole('region', { name: 'Part details' });
    for (const [label, value] of [
      ['Symbol', 'AM-9040-020'],
      ['Standard', 'DIN 625'],
      ['Quantity', '1 pcs'],
      ['Catalogue number', '9040.020.00'],
      ['SAP ID', '109040020'],
      ['Configuration', '—'],
      ['Returnable', 'Yes'],
    ]) {
      expect(within(details).getByText(label!).nextElementSibling).toHaveTextContent(value!);
    }
    expect(screen.getByText('No picture')).toBeInTheDocument();
    const places = screen.getByRole('region', { name: 'Where it appears in the catalogue' });
    expect(within(places).getByRole('link', { name: 'Cutter bar (pos. 7)' })).toHaveAttribute(
      'href',
      '/home/catalog-folders/1/catalog-folders/4/catalog-cards/21?pos=7',
    );
    expect(document.title).toBe('Ball bearing 6204-2RS (AM-9040-020) · AgroMech Care');
    await expectNoAxeViolations(container);
  });

  it('adds the part to the cart with the chosen amount', async () => {
    answer({ '/api/parts/31': bearing, '/api/parts/paths': [] });
    await renderPart('31');
    expect(await screen.findByText('This part is not on any drawing.')).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount of Ball bearing 6204-2RS' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Ball bearing 6204-2RS' }));
    await waitFor(() =>
      expect(useCartStore.getState().items).toEqual([expect.objectContaining({ id: '31', amount: 4 })]),
    );
    // A second add of the same part is refused with the 'already in the cart' notice; the amount stays.
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Ball bearing 6204-2RS' }));
    expect(useCartStore.getState().items).toEqual([expect.objectContaining({ id: '31', amount: 4 })]);
  });

  it('shows a clear page for a part that does not exist', async () => {
    answer({});
    await renderPart('999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The catalogue could not be loaded' }),
    ).toBeInTheDocument();
  });
});

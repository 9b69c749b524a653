import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@care/contract/locales';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCartStore } from '#app/features/cart/cart-store.ts';
import { i18n } from '#app/lib/i18n.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import * as cardRoute from './card.tsx';
import * as cardsRoute from './cards.tsx';
import {
  bearing,
  card,
  cardTrail,
  expectNoAxeViolations,
  folderTrail,
  rootFolders,
  subFolders,
} from './catalog-fixtures.ts';
import * as foldersRoute from './folders.tsx';
import * as subfoldersRoute from './subfolders.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
afterEach(() => {
  queryClient.clear();
  useCartStore.getState().clear();
});

const PUBLIC = '/parts-catalog-public/catalog-folders';
const HOME = '/home/catalog-folders';
const notFound = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };

function answer(routes: Record<string, unknown>) {
  api.reset((request: RecordedRequest) => {
    const key = `${request.path}${request.query.size ? `?${request.query}` : ''}`;
    if (key in routes) return { status: 200, body: routes[key] };
    return request.path in routes ? { status: 200, body: routes[request.path] } : notFound;
  });
}

type RouteModule = typeof foldersRoute | typeof subfoldersRoute | typeof cardsRoute | typeof cardRoute;

/** Mounts one catalogue level as router.tsx does: its loader, component and error boundary. */
function renderLevel(route: string, pattern: string, mod: RouteModule, language?: Language) {
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route,
    language,
    routes: [
      { path: pattern, loader: mod.loader, Component: mod.Component, ErrorBoundary: mod.ErrorBoundary },
      { path: '/home/parts/:partId', element: <p>part page</p> },
    ],
  });
}

const CARD = ':mainFolderId/catalog-folders/:catalogFolderId/catalog-cards/:catalogCardId';
const renderCard = (root: string, address = '') =>
  renderLevel(`${root}/1/catalog-folders/4/catalog-cards/21${address}`, `${root}/${CARD}`, cardRoute);

describe('catalogue levels', () => {
  it('lists the main folders from the API as links under the public root', async () => {
    answer({ '/api/catalog-folders': rootFolders });
    const { container } = await renderLevel(PUBLIC, PUBLIC, foldersRoute);
    expect(await screen.findByRole('link', { name: /Combine harvesters/ })).toHaveAttribute(
      'href',
      `${PUBLIC}/1/catalog-folders`,
    );
    expect(screen.getByRole('link', { name: /Balers/ })).toHaveAttribute(
      'href',
      `${PUBLIC}/2/catalog-folders`,
    );
    expect(document.title).toBe('Parts catalogue · AgroMech Care');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining('spare parts catalogue'),
    );
    await expectNoAxeViolations(container);
  });

  it("shows a folder's picture from the catalogue import in its tile, and the icon where there is none", async () => {
    const fileId = '6f1c2a4e-0000-4000-8000-000000000001';
    answer({ '/api/catalog-folders': [{ ...rootFolders[0]!, imageFileId: fileId }, rootFolders[1]!] });
    const { container } = await renderLevel(PUBLIC, PUBLIC, foldersRoute);
    const pictured = await screen.findByRole('link', { name: /Combine harvesters/ });
    // From the API's address (the test's API server), like every other call.
    expect(pictured.querySelector('img')?.getAttribute('src')).toMatch(
      new RegExp(`^http://[^/]+/api/catalog-files/${fileId}$`),
    );
    expect(screen.getByRole('link', { name: /Balers/ }).querySelector('img')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('names a sub-folder level after its folder with breadcrumbs from the API', async () => {
    answer({ '/api/catalog-folders': subFolders, '/api/parts/breadcrumbs': folderTrail.slice(0, 1) });
    const { container } = await renderLevel(
      `${HOME}/1/catalog-folders`,
      `${HOME}/:mainFolderId/catalog-folders`,
      subfoldersRoute,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Combine harvesters' })).toBeInTheDocument();
    const folderCall = api.state.requests.find((r) => r.path === '/api/catalog-folders');
    expect(folderCall?.query.get('parentId')).toBe('1');
    expect(screen.getByRole('link', { name: /Header/ })).toHaveAttribute(
      'href',
      `${HOME}/1/catalog-folders/4/catalog-cards`,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Parts catalogue' })).toHaveAttribute('href', HOME);
    expect(within(trail).getByText('Combine harvesters')).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);
  });

  it('lists the cards of an assembly and says so when there are none', async () => {
    answer({
      '/api/catalog-cards': [{ id: '21', folderId: '4', name: card.name }],
      '/api/parts/breadcrumbs': folderTrail,
    });
    await renderLevel(
      `${PUBLIC}/1/catalog-folders/4/catalog-cards`,
      `${PUBLIC}/:mainFolderId/catalog-folders/:catalogFolderId/catalog-cards`,
      cardsRoute,
    );
    expect(await screen.findByRole('link', { name: /Cutter bar/ })).toHaveAttribute(
      'href',
      `${PUBLIC}/1/catalog-folders/4/catalog-cards/21`,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Combine harvesters' })).toHaveAttribute(
      'href',
      `${PUBLIC}/1/catalog-folders`,
    );
  });

  it('shows the empty state of an assembly without cards', async () => {
    answer({ '/api/catalog-cards': [], '/api/parts/breadcrumbs': folderTrail });
    await renderLevel(
      `${PUBLIC}/1/catalog-folders/4/catalog-cards`,
      `${PUBLIC}/:mainFolderId/catalog-folders/:catalogFolderId/catalog-cards`,
      cardsRoute,
    );
    expect(await screen.findByText('This assembly has no catalogue sheets yet.')).toBeInTheDocument();
  });

  it('tells a signed-in customer without the catalogue authority that access is refused', async () => {
    api.reset(() => ({ status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden' } }));
    const { container } = await renderLevel(HOME, HOME, foldersRoute);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No access to the parts catalogue' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the public catalogue' })).toHaveAttribute('href', PUBLIC);
    await expectNoAxeViolations(container);
  });
});

describe('catalogue card', () => {
  const cardApi = { '/api/catalog-cards/21': card, '/api/parts/breadcrumbs': cardTrail };

  it('shows the drawing with a button per hotspot beside the parts list, every field of a row', async () => {
    answer(cardApi);
    const { container } = await renderCard(PUBLIC);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cutter bar' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Exploded drawing: Cutter bar' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/catalog-cards/21/drawing'),
    );
    expect(
      await screen.findByRole('button', { name: 'Position 2: Ball bearing 6204-2RS' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Parts list' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pos.', 'Symbol', 'Name', 'Quantity']);
    const knifeRow = within(table).getByText('AM-4111-100').closest('tr')!;
    // No English name: the default language's.
    expect(within(knifeRow).getByText('Nóż listwy tnącej')).toBeInTheDocument();
    // The other fields under the name, labelled.
    expect(within(knifeRow).getByText('Configuration: Żniwiarz 4200')).toBeInTheDocument();
    // The public catalogue neither links to part pages nor orders.
    expect(within(table).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
    // Instead, signing in to order comes back to this card inside /home.
    expect(screen.getByRole('link', { name: 'Sign in to order' })).toHaveAttribute(
      'href',
      `${HOME}/1/catalog-folders/4/catalog-cards/21`,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Header' })).toHaveAttribute(
      'href',
      `${PUBLIC}/1/catalog-folders/4/catalog-cards`,
    );
    expect(document.title).toBe('Cutter bar · AgroMech Care');
    await expectNoAxeViolations(container);
  });

  it('shows names in the language of the screen when the browser reports a regional code (en-GB)', async () => {
    answer(cardApi);
    await renderCard(PUBLIC);
    await act(() => i18n.changeLanguage('en-GB'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cutter bar' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Position 2: Ball bearing 6204-2RS' }),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('highlights the rows of a hovered or picked hotspot, and the hotspot of a picked row', async () => {
    answer(cardApi);
    const { router } = await renderCard(PUBLIC);
    const hotspot = await screen.findByRole('button', { name: 'Position 2: Ball bearing 6204-2RS' });
    const table = screen.getByRole('table', { name: 'Parts list' });
    const bearingRow = within(table).getByText('AM-9040-020').closest('tr')!;
    const knifeRow = within(table).getByText('AM-4111-100').closest('tr')!;
    expect(bearingRow).not.toHaveAttribute('data-active');

    await userEvent.hover(hotspot);
    expect(bearingRow).toHaveAttribute('data-active');
    expect(knifeRow).not.toHaveAttribute('data-active');
    // Highlighted is not selected: a screen reader does not hear "pressed" for a circle the pointer rests on.
    expect(hotspot).toHaveAttribute('aria-pressed', 'false');
    expect(bearingRow).not.toHaveAttribute('data-selected');
    await userEvent.unhover(hotspot);
    expect(bearingRow).not.toHaveAttribute('data-active');

    await userEvent.click(hotspot);
    await waitFor(() => expect(hotspot).toHaveAttribute('aria-pressed', 'true'));
    expect(bearingRow).toHaveAttribute('data-active');
    expect(router.state.location.search).toBe('?pos=2');

    await userEvent.click(within(knifeRow).getByRole('button', { name: 'Show position 1 on the drawing' }));
    await userEvent.unhover(knifeRow);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Position 1: Nóż listwy tnącej' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(hotspot).toHaveAttribute('aria-pressed', 'false');
    expect(knifeRow).toHaveAttribute('data-active');

    // The selection stays marked while the pointer highlights another row.
    await userEvent.hover(bearingRow);
    expect(bearingRow).toHaveAttribute('data-active');
    expect(bearingRow).not.toHaveAttribute('data-selected');
    expect(knifeRow).toHaveAttribute('data-selected');
    await userEvent.unhover(bearingRow);

    // A click on the row itself (not on its link or buttons) selects it too.
    await userEvent.click(within(table).getByText('AM-9040-020'));
    await userEvent.unhover(bearingRow);
    await waitFor(() => expect(bearingRow).toHaveAttribute('data-active'));
    expect(router.state.location.search).toBe('?pos=2');
    expect(knifeRow).not.toHaveAttribute('data-active');
  });

  it("starts with the position the address selects, from the search or an older link's hash", async () => {
    answer(cardApi);
    const { unmount } = await renderCard(PUBLIC, '?pos=2');
    const table = await screen.findByRole('table', { name: 'Parts list' });
    expect(within(table).getByText('AM-9040-020').closest('tr')).toHaveAttribute('data-active');
    expect(screen.getByRole('button', { name: 'Position 2: Ball bearing 6204-2RS' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    unmount();

    await renderCard(PUBLIC, '#pos-1');
    const again = await screen.findByRole('table', { name: 'Parts list' });
    expect(within(again).getByText('AM-4111-100').closest('tr')).toHaveAttribute('data-active');
  });

  it('lets a signed-in customer open a part and add a row to the cart with an amount', async () => {
    answer(cardApi);
    await renderCard(HOME);
    const table = await screen.findByRole('table', { name: 'Parts list' });
    expect(within(table).getByRole('link', { name: 'Ball bearing 6204-2RS' })).toHaveAttribute(
      'href',
      '/home/parts/31',
    );
    // The amount and the cart button sit in the row itself (no popover over the next columns).
    const amount = await within(table).findByRole('textbox', { name: 'Amount of Ball bearing 6204-2RS' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '3');
    const form = amount.closest('form')!;
    await userEvent.click(within(form).getByRole('button', { name: 'Add to cart: Ball bearing 6204-2RS' }));
    await waitFor(() =>
      expect(useCartStore.getState().items).toEqual([
        expect.objectContaining({ id: bearing.id, symbol: bearing.symbol, amount: 3 }),
      ]),
    );
    expect(
      await screen.findByText(/Ball bearing 6204-2RS/, {
        selector: '.mantine-Notification-description, p, div',
      }),
    ).toBeInTheDocument();
  });

  it('refuses an amount below 1', async () => {
    answer(cardApi);
    await renderCard(HOME);
    const table = await screen.findByRole('table', { name: 'Parts list' });
    const amount = await within(table).findByRole('textbox', { name: 'Amount of Nóż listwy tnącej' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    const form = amount.closest('form')!;
    expect(within(form).getByRole('button', { name: 'Add to cart: Nóż listwy tnącej' })).toBeDisabled();
    expect(useCartStore.getState().items).toEqual([]);
  });
});

describe('parts search', () => {
  const searchApi = {
    '/api/catalog-folders': rootFolders,
    '/api/parts/hints': [{ id: bearing.id, symbol: bearing.symbol, name: bearing.name }],
    '/api/parts': { items: [bearing], total: 1, totalCapped: false, hasMore: false, page: 1, pageSize: 20 },
    '/api/parts/paths': [{ cardId: '21', positionNumber: '2', trail: cardTrail }],
  };

  it('asks for hints only from the 3rd character and shows the rule for shorter text', async () => {
    answer(searchApi);
    await renderLevel(PUBLIC, PUBLIC, foldersRoute);
    const field = await screen.findByRole('combobox', { name: 'Search parts' });
    await userEvent.type(field, 'lo');
    expect(screen.getByText('Search needs at least 3 characters.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.state.requests.filter((r) => r.path.startsWith('/api/parts'))).toEqual([]);

    await userEvent.type(field, 'z');
    expect(await screen.findByRole('option', { name: /AM-9040-020/ })).toHaveTextContent(
      'Ball bearing 6204-2RS',
    );
    // The hints are the first results of the search itself, and lead to all of them.
    const calls = api.state.requests.filter((r) => r.path.startsWith('/api/parts'));
    expect(calls.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      '/api/parts?q=loz&page=1&pageSize=20',
    ]);
    expect(screen.getByRole('option', { name: 'Show all results (1)' })).toBeInTheDocument();
  });

  it('opens the part page of a picked hint when signed in, and searches its symbol in public', async () => {
    answer(searchApi);
    const home = await renderLevel(HOME, HOME, foldersRoute);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search parts' }), 'loz');
    await userEvent.click(await screen.findByRole('option', { name: /AM-9040-020/ }));
    expect(await screen.findByText('part page')).toBeInTheDocument();
    expect(home.router.state.location.pathname).toBe('/home/parts/31');
    home.unmount();

    const visitor = await renderLevel(PUBLIC, PUBLIC, foldersRoute);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search parts' }), 'loz');
    await userEvent.click(await screen.findByRole('option', { name: /AM-9040-020/ }));
    await waitFor(() => expect(visitor.router.state.location.search).toBe('?q=AM-9040-020'));
  });

  it('shows the rule instead of results for a search shorter than 3 characters in the address', async () => {
    answer(searchApi);
    await renderLevel(`${PUBLIC}?q=lo`, PUBLIC, foldersRoute);
    const results = await screen.findByRole('region', { name: 'Results for “lo”' });
    expect(within(results).getByText('Search needs at least 3 characters.')).toBeInTheDocument();
    expect(api.state.requests.filter((r) => r.path === '/api/parts')).toEqual([]);
  });

  it('puts the search in the address and links each public result to the cards it appears on', async () => {
    answer(searchApi);
    const { router, container } = await renderLevel(PUBLIC, PUBLIC, foldersRoute);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search parts' }), 'lozysko{Enter}');
    expect(router.state.location.search).toBe('?q=lozysko');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Results for “lozysko”' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 part found')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cutter bar (pos. 2)' })).toHaveAttribute(
      'href',
      `${PUBLIC}/1/catalog-folders/4/catalog-cards/21?pos=2`,
    );
    await expectNoAxeViolations(container);
  });

  it('pages through the results with their count, the page in the address', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({
      ...bearing,
      id: String(100 + i),
      symbol: `AM-${i}`,
    }));
    api.reset((request) => {
      if (request.path === '/api/catalog-folders') return { status: 200, body: rootFolders };
      if (request.path === '/api/parts/paths') return { status: 200, body: [] };
      if (request.path !== '/api/parts') return { status: 404 };
      const page = Number(request.query.get('page'));
      return {
        status: 200,
        body: {
          items: page === 2 ? items.slice(0, 5) : items,
          total: 25,
          totalCapped: false,
          hasMore: page === 1,
          page,
          pageSize: 20,
        },
      };
    });
    const { router } = await renderLevel(`${PUBLIC}?q=bearing`, PUBLIC, foldersRoute);
    expect(await screen.findByText('25 parts found')).toBeInTheDocument();
    expect(await screen.findAllByText(/^AM-\d+$/)).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=bearing&page=2'));
    await waitFor(() => expect(screen.getAllByText(/^AM-\d+$/)).toHaveLength(5));
    const calls = api.state.requests.filter((r) => r.path === '/api/parts');
    expect(calls.map((r) => r.query.get('page'))).toEqual(['1', '2']);
  });

  it('says when a search matched more than the counted limit', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({
      ...bearing,
      id: String(100 + i),
      symbol: `AM-${i}`,
    }));
    api.reset((request) => {
      if (request.path === '/api/catalog-folders') return { status: 200, body: rootFolders };
      if (request.path === '/api/parts/paths') return { status: 200, body: [] };
      if (request.path !== '/api/parts') return { status: 404 };
      const page = Number(request.query.get('page'));
      return {
        status: 200,
        body: { items, total: 1000, totalCapped: true, hasMore: false, page, pageSize: 20 },
      };
    });
    await renderLevel(`${HOME}?q=bearing&page=50`, HOME, foldersRoute);
    expect(
      await screen.findByText('More than 1000 parts found. Refine the search to see the rest.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('1000 parts found')).not.toBeInTheDocument();
    expect(screen.getByText('981–1000 of more than 1000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 50' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 51' })).not.toBeInTheDocument();
  });

  /** Page 1 of 25 results as the server answers a common text: 20 shown, "more than 20", a next page. */
  function answerMoreThanAPage() {
    const items = Array.from({ length: 25 }, (_, i) => ({
      ...bearing,
      id: String(100 + i),
      symbol: `AM-${i}`,
    }));
    api.reset((request) => {
      if (request.path === '/api/catalog-folders') return { status: 200, body: rootFolders };
      if (request.path === '/api/parts/paths') return { status: 200, body: [] };
      if (request.path !== '/api/parts') return { status: 404 };
      const page = Number(request.query.get('page'));
      const body =
        page === 1
          ? { items: items.slice(0, 20), total: 20, totalCapped: true, hasMore: true }
          : { items: items.slice(20), total: 25, totalCapped: false, hasMore: false };
      return { status: 200, body: { ...body, page, pageSize: 20 } };
    });
  }

  it('says "more than" the parts so far while more follow, offers the next page, then counts them', async () => {
    answerMoreThanAPage();
    const { router } = await renderLevel(`${PUBLIC}?q=bearing`, PUBLIC, foldersRoute);
    expect(await screen.findByText('More than 20 parts found')).toBeInTheDocument();
    expect(screen.getByText('1–20 of more than 20')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 3' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=bearing&page=2'));
    expect(await screen.findByText('25 parts found')).toBeInTheDocument();
    expect(screen.getByText('21–25 of 25')).toBeInTheDocument();
  });

  it.each([
    ['pl', 'Znaleziono więcej niż 20 części', '1–20 z ponad 20', 'Strona 2'],
    ['de', 'Mehr als 20 Teile gefunden', '1–20 von mehr als 20', 'Seite 2'],
  ] as const)('says "more than" in %s too', async (language, found, range, next) => {
    answerMoreThanAPage();
    await renderLevel(`${PUBLIC}?q=bearing`, PUBLIC, foldersRoute, language);
    expect(await screen.findByText(found)).toBeInTheDocument();
    expect(screen.getByText(range)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: next })).toBeInTheDocument();
  });

  it('offers "more than" the first page of results under the hints of a common text', async () => {
    answerMoreThanAPage();
    await renderLevel(PUBLIC, PUBLIC, foldersRoute);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search parts' }), 'bea');
    expect(await screen.findByRole('option', { name: 'Show results (over 20)' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(11);
  });

  it('links each result to its part page when signed in', async () => {
    answer(searchApi);
    await renderLevel(`${HOME}?q=lozysko`, HOME, foldersRoute);
    expect(await screen.findByRole('link', { name: 'Ball bearing 6204-2RS' })).toHaveAttribute(
      'href',
      '/home/parts/31',
    );
    expect(api.state.requests.filter((r) => r.path === '/api/parts/paths')).toEqual([]);
  });
});

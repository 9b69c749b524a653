import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Card } from './card.tsx';

const CARD_PATTERN = ':root/:mainFolderId/catalog-folders/:catalogFolderId/catalog-cards/:catalogCardId';

function renderCard(root: string) {
  return renderWithProviders(<Card />, {
    path: CARD_PATTERN.replace(':root', root),
    route: `${root}/4/catalog-folders/9/catalog-cards/21`,
  });
}

describe('catalogue screens', () => {
  it('keeps the breadcrumbs under /home for a signed-in customer', async () => {
    await renderCard('/home/catalog-folders');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(trail)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/home/catalog-folders',
      '/home/catalog-folders/4/catalog-folders',
      '/home/catalog-folders/4/catalog-folders/9/catalog-cards',
    ]);
    expect(within(trail).getByText('Catalogue sheet')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Catalogue sheet' })).toBeInTheDocument();
  });

  it('keeps the breadcrumbs under the public root for a visitor', async () => {
    await renderCard('/parts-catalog-public/catalog-folders');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/parts-catalog-public/catalog-folders',
    );
  });

  it('shows the parts list columns and an honest empty state', async () => {
    await renderCard('/home/catalog-folders');
    const table = screen.getByRole('table', { name: 'Parts list' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Pos.',
      'Symbol',
      'Name',
      'Quantity',
      'Standard',
      'Catalogue number',
      'Configuration',
      'Returnable',
    ]);
    expect(within(table).getByText('The catalogue is being prepared')).toBeInTheDocument();
  });

  it('puts a search of at least 3 characters in the address and shows its results', async () => {
    const { router } = await renderCard('/home/catalog-folders');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'bearing{Enter}');
    expect(router.state.location.search).toBe('?q=bearing');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Results for “bearing”' }),
    ).toBeInTheDocument();
  });
});

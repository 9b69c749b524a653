import { describe, expect, it } from 'vitest';
import { catalogPaths, isPagePath, PAGE_PATTERNS, PAGES, pagePath, paths } from './pages.ts';

describe('the table of pages', () => {
  it('knows every pattern with its parameters filled in, with or without a trailing slash', () => {
    for (const pattern of PAGES) {
      const path = pattern.replace(/:\w+/g, '42');
      expect([path, isPagePath(path)]).toEqual([path, true]);
      if (path !== '/') expect([path, isPagePath(`${path}/`)]).toEqual([path, true]);
    }
  });

  it('knows no other address', () => {
    for (const path of [
      '/no-such-page',
      '/home/nope',
      '/home/services/edit',
      '/home/services/edit/1/2',
      '/confirm/abc',
      '/home//board',
      '/sitemap.xml',
      '/parts-catalog-public/catalog-folders/7',
    ])
      expect([path, isPagePath(path)]).toEqual([path, false]);
  });

  it('builds every link to a page it knows, parameters percent-encoded', () => {
    expect(paths.confirm('a/b', 'jan.kowalski@example.com')).toBe(
      '/confirm/a%2Fb/jan.kowalski%40example.com',
    );
    expect(pagePath(PAGE_PATTERNS.service, { serviceId: 12 })).toBe('/home/services/edit/12');
    const links = [
      paths.confirm('t', 'jan@example.com'),
      paths.resetPassword('t'),
      paths.setPassword('t'),
      paths.machine(1),
      paths.service(2),
      paths.part(3),
      paths.offerRequest(4),
      paths.staffServiceRequest(5),
      paths.staffOfferRequest(6),
      paths.staffCustomer(7),
      ...Object.values<unknown>(paths)
        .filter((value) => typeof value === 'string')
        .map(String),
      ...[paths.publicCatalog, paths.catalog].flatMap((root) => {
        const catalog = catalogPaths(root);
        return [catalog.root, catalog.folder(1), catalog.cards(1, 2), catalog.card(1, 2, 3)];
      }),
    ];
    for (const link of links) expect([link, isPagePath(link)]).toEqual([link, true]);
    for (const link of [paths.newService(9), paths.staffCustomerAudit(9), paths.staffAccount('a@b.pl')])
      expect([link, isPagePath(link.split('?')[0]!)]).toEqual([link, true]);
  });
});

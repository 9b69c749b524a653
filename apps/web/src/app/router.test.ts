import { PAGES } from '@care/contract/pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** Every path of the route tree, absolute (the router's children name their whole path). */
function pathsOf(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('the router', () => {
  it("has exactly the contract's pages (the server answers 404 for any other address), and not-found", () => {
    const patterns = pathsOf(routes);
    expect(patterns.filter((path) => path !== '*').sort()).toEqual([...PAGES].sort());
    // The not-found routes: the portal's, and those of /home and /staff.
    expect(patterns.filter((path) => path === '*')).toHaveLength(3);
  });
});

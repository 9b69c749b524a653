/**
 * Every page's address, from the contract's one table of pages (packages/contract/src/pages.ts), which the server
 * also answers by (200 for a page, 404 otherwise) and builds its e-mailed links with. Links and redirects use
 * these, never string literals.
 */
export { catalogPaths, paths } from '@care/contract/pages';

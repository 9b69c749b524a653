/*
 * Every page of the web app (SPEC §2, the back office of issues 4, 5 and 15), below the base path: the router's
 * patterns (apps/web/src/app/router.tsx), the links built from them (`paths`: the web's links and redirects, the
 * server's e-mails) and whether an address is a page at all (the server answers any other address 404,
 * apps/server/src/plugins/web-app.ts). One table, so a page the router has is never a 404 and an e-mailed link
 * always names a page.
 */

/** The catalogue's nested pages (SPEC §2), the same under the public root and under /home. */
export const catalogPatterns = <Root extends string>(root: Root) =>
  ({
    root,
    folder: `${root}/:mainFolderId/catalog-folders`,
    cards: `${root}/:mainFolderId/catalog-folders/:catalogFolderId/catalog-cards`,
    card: `${root}/:mainFolderId/catalog-folders/:catalogFolderId/catalog-cards/:catalogCardId`,
  }) as const;

/** The router's pattern of every page; `:name` is a parameter (one path segment). */
export const PAGE_PATTERNS = {
  login: '/',
  forgotPassword: '/forgot-password',
  register: '/register',
  registerB2C: '/registerB2C',
  /** The second sign-in step after the password (issue 15). */
  secondFactor: '/second-factor',
  confirm: '/confirm/:id/:username',
  resetPassword: '/reset-password/:token',
  /** The link of a new staff account's e-mail (issue 15). */
  setPassword: '/set-password/:token',
  /** The rating link of a finished request's e-mail (issue 18): works without signing in (decisions/065). */
  rateService: '/rate/:token',
  publicCatalog: '/parts-catalog-public/catalog-folders',
  home: '/home',
  board: '/home/board',
  machines: '/home/machines',
  machine: '/home/machines/edit/:machineId',
  services: '/home/services',
  newService: '/home/services/new',
  service: '/home/services/edit/:serviceId',
  catalog: '/home/catalog-folders',
  part: '/home/parts/:partId',
  /** The customer's offer requests (issue 5; not in SPEC). */
  offerRequests: '/home/offer-requests',
  offerRequest: '/home/offer-requests/:offerRequestId',
  updatePassword: '/home/update-password',
  user: '/home/user',
  /** The service department's screens (not in SPEC; issue 4), for the service and admin roles. */
  staff: '/staff',
  staffServiceRequest: '/staff/service-requests/:serviceRequestId',
  /** A request filed for a customer who phoned (issue 18, docs/decisions/064). */
  staffNewServiceRequest: '/staff/service-requests/new',
  /** The printable job sheet (issue 18): the request on A4, without the back office's frame. */
  staffJobSheet: '/staff/service-requests/:serviceRequestId/job-sheet',
  /** Customers (issue 15): service staff and admins read, admins change. */
  staffCustomers: '/staff/customers',
  staffCustomer: '/staff/customers/:customerId',
  /** The insight dashboard (issue 15), for the service and admin roles. */
  staffInsight: '/staff/insight',
  /** Canned replies (issue 18): the service department's shared reply texts. */
  staffCannedReplies: '/staff/canned-replies',
  /** The parts sales inbox (issue 5), for the sales and admin roles. */
  staffOfferRequests: '/staff/offer-requests',
  staffOfferRequest: '/staff/offer-requests/:offerRequestId',
  /** The admin area (issue 15): its sections are listed in the web's routes/staff/admin-sections.ts. */
  staffAdmin: '/staff/admin',
  /** Staff accounts (issue 15), for admins: the admin area's first section. */
  staffAccounts: '/staff/admin/staff',
  /** Catalogue import (issue 5), for admins. */
  staffCatalogImport: '/staff/admin/catalog-import',
  /** Machines from the ERP (issue 15), for admins. */
  staffMachineImport: '/staff/admin/machines',
  /** Sign-in security (issue 15): the second-factor requirement for staff. */
  staffAdminSecurity: '/staff/admin/security',
  /** The audit log (issue 15), for admins; its filters travel in the query string. */
  staffAudit: '/staff/admin/audit',
  /** Service times (issue 18): the first-reply and completion targets per priority, for admins. */
  staffServiceTimes: '/staff/admin/service-times',
  /** Staff members' own settings (issue 15): their sessions. */
  staffSettings: '/staff/settings',
  /** The catalogue import's address before the admin area (issue 5): it leads there. */
  staffCatalogImportBefore: '/staff/catalog-import',
} as const;

/** Every page pattern: the table above and the catalogue's nested pages under both of its roots. */
export const PAGES: readonly string[] = [
  ...Object.values(PAGE_PATTERNS),
  ...Object.values(catalogPatterns(PAGE_PATTERNS.publicCatalog)).slice(1),
  ...Object.values(catalogPatterns(PAGE_PATTERNS.catalog)).slice(1),
];

/** The parameter names of a pattern: `'/confirm/:id/:username'` → `'id' | 'username'`. */
export type PageParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PageParams<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** The address of a page: the pattern with each parameter's value in its place (percent-encoded). */
export function pagePath<Pattern extends string>(
  pattern: Pattern,
  params: Record<PageParams<Pattern>, string | number>,
): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String(params[name as PageParams<Pattern>])),
  );
}

/** Whether a path (below the base path, without the query) is one of the pattern's pages. */
export function matchesPage(pattern: string, path: string): boolean {
  const expected = pattern.split('/');
  const given = (path.length > 1 ? path.replace(/\/$/, '') : path).split('/');
  return (
    expected.length === given.length &&
    expected.every((segment, i) => (segment.startsWith(':') ? given[i] !== '' : segment === given[i]))
  );
}

/** Whether a path (below the base path, without the query) is a page of the web app. */
export const isPagePath = (path: string): boolean => PAGES.some((pattern) => matchesPage(pattern, path));

/** The links to the pages (the web's links and redirects, the server's e-mails); never string literals. */
export const paths = {
  login: PAGE_PATTERNS.login,
  forgotPassword: PAGE_PATTERNS.forgotPassword,
  register: PAGE_PATTERNS.register,
  registerB2C: PAGE_PATTERNS.registerB2C,
  secondFactor: PAGE_PATTERNS.secondFactor,
  confirm: (id: string, username: string) => pagePath(PAGE_PATTERNS.confirm, { id, username }),
  resetPassword: (token: string) => pagePath(PAGE_PATTERNS.resetPassword, { token }),
  setPassword: (token: string) => pagePath(PAGE_PATTERNS.setPassword, { token }),
  rateService: (token: string) => pagePath(PAGE_PATTERNS.rateService, { token }),
  publicCatalog: PAGE_PATTERNS.publicCatalog,
  home: PAGE_PATTERNS.home,
  board: PAGE_PATTERNS.board,
  machines: PAGE_PATTERNS.machines,
  machine: (id: string | number) => pagePath(PAGE_PATTERNS.machine, { machineId: id }),
  services: PAGE_PATTERNS.services,
  service: (id: string | number) => pagePath(PAGE_PATTERNS.service, { serviceId: id }),
  /** The new-request form, optionally with the machine chosen. */
  newService: (machineId?: string | number) =>
    machineId === undefined
      ? PAGE_PATTERNS.newService
      : `${PAGE_PATTERNS.newService}?machineId=${encodeURIComponent(machineId)}`,
  catalog: PAGE_PATTERNS.catalog,
  part: (id: string | number) => pagePath(PAGE_PATTERNS.part, { partId: id }),
  offerRequests: PAGE_PATTERNS.offerRequests,
  offerRequest: (id: string | number) => pagePath(PAGE_PATTERNS.offerRequest, { offerRequestId: id }),
  updatePassword: PAGE_PATTERNS.updatePassword,
  user: PAGE_PATTERNS.user,
  staff: PAGE_PATTERNS.staff,
  staffServiceRequest: (id: string | number) =>
    pagePath(PAGE_PATTERNS.staffServiceRequest, { serviceRequestId: id }),
  staffNewServiceRequest: PAGE_PATTERNS.staffNewServiceRequest,
  staffJobSheet: (id: string | number) => pagePath(PAGE_PATTERNS.staffJobSheet, { serviceRequestId: id }),
  staffOfferRequests: PAGE_PATTERNS.staffOfferRequests,
  staffOfferRequest: (id: string | number) =>
    pagePath(PAGE_PATTERNS.staffOfferRequest, { offerRequestId: id }),
  staffSettings: PAGE_PATTERNS.staffSettings,
  staffCustomers: PAGE_PATTERNS.staffCustomers,
  staffCustomer: (id: string | number) => pagePath(PAGE_PATTERNS.staffCustomer, { customerId: id }),
  /** The audit log filtered by one customer (admins only). */
  staffCustomerAudit: (id: string | number) =>
    `${PAGE_PATTERNS.staffAudit}?subjectType=user&subjectId=${encodeURIComponent(id)}`,
  staffInsight: PAGE_PATTERNS.staffInsight,
  staffCannedReplies: PAGE_PATTERNS.staffCannedReplies,
  staffAdmin: PAGE_PATTERNS.staffAdmin,
  staffAccounts: PAGE_PATTERNS.staffAccounts,
  /** One staff account: the list searched for its e-mail (the list is where an account is changed). */
  staffAccount: (email: string) => `${PAGE_PATTERNS.staffAccounts}?q=${encodeURIComponent(email)}`,
  staffCatalogImport: PAGE_PATTERNS.staffCatalogImport,
  staffMachineImport: PAGE_PATTERNS.staffMachineImport,
  staffAdminSecurity: PAGE_PATTERNS.staffAdminSecurity,
  staffAudit: PAGE_PATTERNS.staffAudit,
  staffServiceTimes: PAGE_PATTERNS.staffServiceTimes,
} as const;

/** The links of the catalogue's nested pages under one of its roots. */
export const catalogPaths = (root: string) => {
  const patterns = catalogPatterns(root);
  return {
    root,
    folder: (mainFolderId: string | number) => pagePath(patterns.folder, { mainFolderId }),
    cards: (mainFolderId: string | number, folderId: string | number) =>
      pagePath(patterns.cards, { mainFolderId, catalogFolderId: folderId }),
    card: (mainFolderId: string | number, folderId: string | number, cardId: string | number) =>
      pagePath(patterns.card, { mainFolderId, catalogFolderId: folderId, catalogCardId: cardId }),
  };
};

/** Every route of SPEC §2 in one place; links and redirects use these, never string literals. */
export const paths = {
  login: '/',
  forgotPassword: '/forgot-password',
  register: '/register',
  registerB2C: '/registerB2C',
  /** The second sign-in step after the password (issue 15). */
  secondFactor: '/second-factor',
  confirm: (id: string, username: string) =>
    `/confirm/${encodeURIComponent(id)}/${encodeURIComponent(username)}`,
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  /** The link of a new staff account's e-mail (issue 15). */
  setPassword: (token: string) => `/set-password/${encodeURIComponent(token)}`,
  publicCatalog: '/parts-catalog-public/catalog-folders',
  home: '/home',
  board: '/home/board',
  machines: '/home/machines',
  machine: (id: string | number) => `/home/machines/edit/${id}`,
  services: '/home/services',
  service: (id: string | number) => `/home/services/edit/${id}`,
  /** The new-request form, optionally with the machine chosen. */
  newService: (machineId?: string | number) =>
    machineId === undefined
      ? '/home/services/new'
      : `/home/services/new?machineId=${encodeURIComponent(machineId)}`,
  catalog: '/home/catalog-folders',
  part: (id: string | number) => `/home/parts/${id}`,
  /** The customer's offer requests (issue 5; not in SPEC). */
  offerRequests: '/home/offer-requests',
  offerRequest: (id: string | number) => `/home/offer-requests/${id}`,
  updatePassword: '/home/update-password',
  user: '/home/user',
  /** The service department's screens (not in SPEC; issue 4), for the service and admin roles. */
  staff: '/staff',
  staffServiceRequest: (id: string | number) => `/staff/service-requests/${id}`,
  /** The parts sales inbox (issue 5), for the sales and admin roles. */
  staffOfferRequests: '/staff/offer-requests',
  staffOfferRequest: (id: string | number) => `/staff/offer-requests/${id}`,
  /** Staff members' own settings (issue 15): their sessions. */
  staffSettings: '/staff/settings',
  /** Customers (issue 15): service staff and admins read, admins change. */
  staffCustomers: '/staff/customers',
  staffCustomer: (id: string | number) => `/staff/customers/${id}`,
  /** The audit log filtered by one customer (the audit screen of issue 15; admins only). */
  staffCustomerAudit: (id: string | number) =>
    `/staff/admin/audit?subjectType=user&subjectId=${encodeURIComponent(id)}`,
  /** The insight dashboard (issue 15), for the service and admin roles. */
  staffInsight: '/staff/insight',
  /** The admin area (issue 15): its sections are listed in routes/staff/admin-sections.ts. */
  staffAdmin: '/staff/admin',
  /** Staff accounts (issue 15), for admins: the admin area's first section. */
  staffAccounts: '/staff/admin/staff',
  /** One staff account: the list searched for its e-mail (the list is where an account is changed). */
  staffAccount: (email: string) => `/staff/admin/staff?q=${encodeURIComponent(email)}`,
  /** Catalogue import (issue 5), for admins. */
  staffCatalogImport: '/staff/admin/catalog-import',
  /** Machines from the ERP (issue 15), for admins. */
  staffMachineImport: '/staff/admin/machines',
  /** Sign-in security (issue 15): the second-factor requirement for staff. */
  staffAdminSecurity: '/staff/admin/security',
  /** The audit log (issue 15), for admins; its filters travel in the query string (features/audit/api.ts). */
  staffAudit: '/staff/admin/audit',
} as const;

/** The catalogue's nested routes (SPEC §2), the same under the public root and under /home. */
export const catalogPaths = (root: string) => ({
  root,
  folder: (mainFolderId: string | number) => `${root}/${mainFolderId}/catalog-folders`,
  cards: (mainFolderId: string | number, folderId: string | number) =>
    `${root}/${mainFolderId}/catalog-folders/${folderId}/catalog-cards`,
  card: (mainFolderId: string | number, folderId: string | number, cardId: string | number) =>
    `${root}/${mainFolderId}/catalog-folders/${folderId}/catalog-cards/${cardId}`,
});

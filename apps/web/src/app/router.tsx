import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { catalogPatterns, PAGE_PATTERNS as page } from '@care/contract/pages';
import { paths } from '#app/config/paths.ts';
import { requireAuthentication } from '#app/features/auth/require-authentication.ts';
import {
  requireOfferStaff,
  requireServiceStaff,
  requireStaff,
} from './routes/staff/require-service-staff.ts';
import { requireAdmin } from './routes/staff/require-admin.ts';
import { sendOfferStaffToStaffPage, sendServiceStaffToStaffPage } from './routes/home/staff-to-staff-page.ts';
import { RootLayout } from './root-layout.tsx';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';

/**
 * The catalogue's nested routes of SPEC §2, mounted under the public root and under /home. Every route's path is
 * the contract's pattern (packages/contract/src/pages.ts): the server answers 404 for any address not in it.
 */
const catalogRoutes = (root: string): RouteObject[] => {
  const pattern = catalogPatterns(root);
  return [
    { index: true, lazy: () => import('./routes/catalog/folders.tsx') },
    { path: pattern.folder, lazy: () => import('./routes/catalog/subfolders.tsx') },
    { path: pattern.cards, lazy: () => import('./routes/catalog/cards.tsx') },
    { path: pattern.card, lazy: () => import('./routes/catalog/card.tsx') },
  ];
};

/** SPEC §2's public catalogue (open without sign-in); the server renders these pages too (entry-server.tsx). */
export const publicCatalogRoute = (): RouteObject => ({
  path: page.publicCatalog,
  lazy: () => import('./routes/catalog/public-layout.tsx'),
  children: catalogRoutes(page.publicCatalog),
});

/** Every route of the portal, in the order of SPEC §2. Route modules load on demand. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: page.login, lazy: () => import('./routes/login.tsx') },
      { path: page.forgotPassword, lazy: () => import('./routes/forgot-password.tsx') },
      { path: page.register, lazy: () => import('./routes/register.tsx') },
      { path: page.registerB2C, lazy: () => import('./routes/register-b2c.tsx') },
      { path: page.secondFactor, lazy: () => import('./routes/second-factor.tsx') },
      { path: page.confirm, lazy: () => import('./routes/confirm.tsx') },
      { path: page.resetPassword, lazy: () => import('./routes/reset-password.tsx') },
      { path: page.setPassword, lazy: () => import('./routes/set-password.tsx') },
      { path: page.rateService, lazy: () => import('./routes/rate.tsx') },
      publicCatalogRoute(),
      {
        path: page.home,
        middleware: [requireAuthentication],
        lazy: () => import('./routes/home/layout.tsx'),
        children: [
          { index: true, element: <Navigate to={paths.board} replace /> },
          { path: page.board, lazy: () => import('./routes/home/board.tsx') },
          { path: page.machines, lazy: () => import('./routes/home/machines.tsx') },
          { path: page.machine, lazy: () => import('./routes/home/machine.tsx') },
          { path: page.services, lazy: () => import('./routes/home/services.tsx') },
          { path: page.newService, lazy: () => import('./routes/home/new-service.tsx') },
          {
            path: page.service,
            middleware: [sendServiceStaffToStaffPage],
            lazy: () => import('./routes/home/service.tsx'),
          },
          { path: page.catalog, children: catalogRoutes(page.catalog) },
          { path: page.part, lazy: () => import('./routes/home/part.tsx') },
          { path: page.offerRequests, lazy: () => import('./routes/home/offer-requests.tsx') },
          {
            path: page.offerRequest,
            middleware: [sendOfferStaffToStaffPage],
            lazy: () => import('./routes/home/offer-requests-detail.tsx'),
          },
          { path: page.updatePassword, lazy: () => import('./routes/home/update-password.tsx') },
          { path: page.user, lazy: () => import('./routes/home/user.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
      {
        // The job sheet prints without the back office's frame (issue 18).
        path: page.staffJobSheet,
        middleware: [requireAuthentication, requireStaff, requireServiceStaff],
        lazy: () => import('./routes/staff/job-sheet.tsx'),
      },
      {
        // The back office (not in SPEC; issues 4 and 5): signed in, and a staff role, before any loader. The
        // service queue is for service/admin; the offer inbox for sales/admin.
        path: page.staff,
        middleware: [requireAuthentication, requireStaff],
        lazy: () => import('./routes/staff/layout.tsx'),
        children: [
          {
            index: true,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/queue.tsx'),
          },
          {
            path: page.staffNewServiceRequest,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/new-request.tsx'),
          },
          {
            path: page.staffServiceRequest,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/service-request.tsx'),
          },
          {
            path: page.staffCustomers,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/customers.tsx'),
          },
          {
            path: page.staffCustomer,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/customer.tsx'),
          },
          {
            path: page.staffInsight,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/insight.tsx'),
          },
          {
            path: page.staffCannedReplies,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/canned-replies.tsx'),
          },
          {
            path: page.staffOfferRequests,
            middleware: [requireOfferStaff],
            lazy: () => import('./routes/staff/offer-requests.tsx'),
          },
          {
            path: page.staffOfferRequest,
            middleware: [requireOfferStaff],
            lazy: () => import('./routes/staff/offer-request.tsx'),
          },
          {
            path: page.staffAdmin,
            middleware: [requireAdmin],
            lazy: () => import('./routes/staff/admin-layout.tsx'),
            children: [
              { index: true, element: <Navigate to={paths.staffAccounts} replace /> },
              { path: page.staffAccounts, lazy: () => import('./routes/staff/staff-accounts.tsx') },
              { path: page.staffCatalogImport, lazy: () => import('./routes/staff/catalog-import.tsx') },
              { path: page.staffMachineImport, lazy: () => import('./routes/staff/machine-import.tsx') },
              { path: page.staffAdminSecurity, lazy: () => import('./routes/staff/admin-security.tsx') },
              { path: page.staffAudit, lazy: () => import('./routes/staff/audit.tsx') },
              { path: page.staffServiceTimes, lazy: () => import('./routes/staff/service-times.tsx') },
            ],
          },
          // Every staff member's own settings (issue 15): a thin page of sections from the features.
          { path: page.staffSettings, lazy: () => import('./routes/staff/settings.tsx') },
          // Its address before the admin area (issue 5).
          {
            path: page.staffCatalogImportBefore,
            element: <Navigate to={paths.staffCatalogImport} replace />,
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

export function createRouter(basename: string) {
  return createBrowserRouter(routes, basename ? { basename } : {});
}

/** Resolves once the router has run the first address's loaders (in the browser and on the server). */
export function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

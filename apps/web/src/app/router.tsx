import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '#app/config/paths.ts';
import { requireAuthentication } from '#app/features/auth/require-authentication.ts';
import {
  requireOfferStaff,
  requireServiceStaff,
  requireStaff,
} from './routes/staff/require-service-staff.ts';
import { requireAdmin } from './routes/staff/require-admin.ts';
import { RootLayout } from './root-layout.tsx';
import { ErrorPage } from '#app/components/feedback/error-page.tsx';

/** The catalogue's nested routes of SPEC §2, mounted under the public root and under /home. */
const catalogRoutes = (): RouteObject[] => [
  { index: true, lazy: () => import('./routes/catalog/folders.tsx') },
  { path: ':mainFolderId/catalog-folders', lazy: () => import('./routes/catalog/subfolders.tsx') },
  {
    path: ':mainFolderId/catalog-folders/:catalogFolderId/catalog-cards',
    lazy: () => import('./routes/catalog/cards.tsx'),
  },
  {
    path: ':mainFolderId/catalog-folders/:catalogFolderId/catalog-cards/:catalogCardId',
    lazy: () => import('./routes/catalog/card.tsx'),
  },
];

/** SPEC §2's public catalogue (open without sign-in); the server renders these pages too (entry-server.tsx). */
export const publicCatalogRoute = (): RouteObject => ({
  path: paths.publicCatalog,
  lazy: () => import('./routes/catalog/public-layout.tsx'),
  children: catalogRoutes(),
});

/** Every route of the portal, in the order of SPEC §2. Route modules load on demand. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.login, lazy: () => import('./routes/login.tsx') },
      { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password.tsx') },
      { path: paths.register, lazy: () => import('./routes/register.tsx') },
      { path: paths.registerB2C, lazy: () => import('./routes/register-b2c.tsx') },
      { path: paths.secondFactor, lazy: () => import('./routes/second-factor.tsx') },
      { path: '/confirm/:id/:username', lazy: () => import('./routes/confirm.tsx') },
      { path: '/reset-password/:token', lazy: () => import('./routes/reset-password.tsx') },
      { path: '/set-password/:token', lazy: () => import('./routes/set-password.tsx') },
      publicCatalogRoute(),
      {
        path: paths.home,
        middleware: [requireAuthentication],
        lazy: () => import('./routes/home/layout.tsx'),
        children: [
          { index: true, element: <Navigate to={paths.board} replace /> },
          { path: 'board', lazy: () => import('./routes/home/board.tsx') },
          { path: 'machines', lazy: () => import('./routes/home/machines.tsx') },
          { path: 'machines/edit/:machineId', lazy: () => import('./routes/home/machine.tsx') },
          { path: 'services', lazy: () => import('./routes/home/services.tsx') },
          { path: 'services/new', lazy: () => import('./routes/home/new-service.tsx') },
          { path: 'services/edit/:serviceId', lazy: () => import('./routes/home/service.tsx') },
          { path: 'catalog-folders', children: catalogRoutes() },
          { path: 'parts/:partId', lazy: () => import('./routes/home/part.tsx') },
          { path: 'offer-requests', lazy: () => import('./routes/home/offer-requests.tsx') },
          {
            path: 'offer-requests/:offerRequestId',
            lazy: () => import('./routes/home/offer-requests-detail.tsx'),
          },
          { path: 'update-password', lazy: () => import('./routes/home/update-password.tsx') },
          { path: 'user', lazy: () => import('./routes/home/user.tsx') },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
      {
        // The back office (not in SPEC; issues 4 and 5): signed in, and a staff role, before any loader. The
        // service queue is for service/admin; the offer inbox for sales/admin.
        path: paths.staff,
        middleware: [requireAuthentication, requireStaff],
        lazy: () => import('./routes/staff/layout.tsx'),
        children: [
          {
            index: true,
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/queue.tsx'),
          },
          {
            path: 'service-requests/:serviceRequestId',
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/service-request.tsx'),
          },
          {
            path: 'customers',
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/customers.tsx'),
          },
          {
            path: 'customers/:customerId',
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/customer.tsx'),
          },
          {
            path: 'insight',
            middleware: [requireServiceStaff],
            lazy: () => import('./routes/staff/insight.tsx'),
          },
          {
            path: 'offer-requests',
            middleware: [requireOfferStaff],
            lazy: () => import('./routes/staff/offer-requests.tsx'),
          },
          {
            path: 'offer-requests/:offerRequestId',
            middleware: [requireOfferStaff],
            lazy: () => import('./routes/staff/offer-request.tsx'),
          },
          {
            path: 'admin',
            middleware: [requireAdmin],
            lazy: () => import('./routes/staff/admin-layout.tsx'),
            children: [
              { index: true, element: <Navigate to={paths.staffAccounts} replace /> },
              { path: 'staff', lazy: () => import('./routes/staff/staff-accounts.tsx') },
              { path: 'catalog-import', lazy: () => import('./routes/staff/catalog-import.tsx') },
              { path: 'machines', lazy: () => import('./routes/staff/machine-import.tsx') },
              { path: 'security', lazy: () => import('./routes/staff/admin-security.tsx') },
              { path: 'audit', lazy: () => import('./routes/staff/audit.tsx') },
            ],
          },
          // Every staff member's own settings (issue 15): a thin page of sections from the features.
          { path: 'settings', lazy: () => import('./routes/staff/settings.tsx') },
          // Its address before the admin area (issue 5).
          { path: 'catalog-import', element: <Navigate to={paths.staffCatalogImport} replace /> },
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

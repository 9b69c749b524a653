import type { User } from '@care/contract/user';
import { createMemoryRouter, isRouteErrorResponse } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { requireAuthentication } from '#app/features/auth/require-authentication.ts';
import { requireOfferStaff, requireServiceStaff, requireStaff } from './require-service-staff.ts';

const loaded: string[] = [];

function routerAt(path: string) {
  return createMemoryRouter(
    [
      { path: '/', Component: () => null },
      {
        path: '/staff',
        middleware: [requireAuthentication, requireStaff],
        Component: () => null,
        ErrorBoundary: () => null,
        children: [
          {
            index: true,
            middleware: [requireServiceStaff],
            loader: () => {
              loaded.push('queue');
              return null;
            },
            Component: () => null,
          },
          {
            path: 'offer-requests',
            middleware: [requireOfferStaff],
            loader: () => {
              loaded.push('inbox');
              return null;
            },
            Component: () => null,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

async function settled(router: ReturnType<typeof createMemoryRouter>) {
  await new Promise<void>((resolve) => {
    if (router.state.navigation.state === 'idle' && router.state.initialized) resolve();
    const stop = router.subscribe((state) => {
      if (state.navigation.state === 'idle' && state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

const signedInAs = (role: User['role']) =>
  useAuthStore.setState({
    status: 'finished',
    authenticated: true,
    user: { id: '1', email: 'x@example.com', firstName: 'X', lastName: 'Y', role, language: 'pl' },
  });

describe('requireStaff, requireServiceStaff, requireOfferStaff (route middleware of /staff)', () => {
  afterEach(() => {
    loaded.length = 0;
    sessionStorage.clear();
    useAuthStore.setState({ status: 'idle', authenticated: false, user: null });
  });

  it('shows a customer the not-found page before any loader asks for data', async () => {
    signedInAs('customer');
    const router = routerAt('/staff');
    await settled(router);
    const errors = Object.values(router.state.errors ?? {});
    expect(errors).toHaveLength(1);
    expect(isRouteErrorResponse(errors[0]) && errors[0].status).toBe(404);
    expect(loaded).toEqual([]);
  });

  it('sends parts sales from the service queue to their offer inbox', async () => {
    signedInAs('sales');
    const router = routerAt('/staff');
    await settled(router);
    expect(router.state.location.pathname).toBe('/staff/offer-requests');
    expect(router.state.errors).toBeNull();
    expect(loaded).toEqual(['inbox']);
  });

  it('lets sales and admins into the offer inbox, and not the service department', async () => {
    for (const role of ['sales', 'admin'] as const) {
      signedInAs(role);
      const router = routerAt('/staff/offer-requests');
      await settled(router);
      expect(router.state.errors).toBeNull();
      router.dispose();
    }
    expect(loaded).toEqual(['inbox', 'inbox']);
    signedInAs('service');
    const router = routerAt('/staff/offer-requests');
    await settled(router);
    const errors = Object.values(router.state.errors ?? {});
    expect(isRouteErrorResponse(errors[0]) && errors[0].status).toBe(404);
    expect(loaded).toEqual(['inbox', 'inbox']);
  });

  it('shows a customer the not-found page for the offer inbox too', async () => {
    signedInAs('customer');
    const router = routerAt('/staff/offer-requests');
    await settled(router);
    expect(Object.values(router.state.errors ?? {})).toHaveLength(1);
    expect(loaded).toEqual([]);
  });

  it('lets the service department and admins through', async () => {
    for (const role of ['service', 'admin'] as const) {
      signedInAs(role);
      const router = routerAt('/staff');
      await settled(router);
      expect(router.state.errors).toBeNull();
      router.dispose();
    }
    expect(loaded).toEqual(['queue', 'queue']);
  });

  it('sends a signed-out visitor to sign-in first', async () => {
    useAuthStore.setState({ status: 'finished', authenticated: false, user: null });
    const router = routerAt('/staff');
    await settled(router);
    expect(router.state.location.pathname).toBe('/');
    expect(loaded).toEqual([]);
  });
});

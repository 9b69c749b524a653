import type { User } from '@care/contract/user';
import { createMemoryRouter, isRouteErrorResponse } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '#app/features/auth/auth-store.ts';
import { requireAuthentication } from '#app/features/auth/require-authentication.ts';
import { requireServiceStaff } from './require-service-staff.ts';

const loaded: string[] = [];

function routerAt(path: string) {
  return createMemoryRouter(
    [
      { path: '/', Component: () => null },
      {
        path: '/staff',
        middleware: [requireAuthentication, requireServiceStaff],
        Component: () => null,
        ErrorBoundary: () => null,
        children: [
          {
            index: true,
            loader: () => {
              loaded.push('queue');
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

describe('requireServiceStaff (route middleware of /staff)', () => {
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

  it('turns away parts sales too', async () => {
    signedInAs('sales');
    const router = routerAt('/staff');
    await settled(router);
    expect(router.state.errors).not.toBeNull();
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

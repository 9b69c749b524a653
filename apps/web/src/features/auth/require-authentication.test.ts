import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { SESSION } from '#app/config/storage-keys.ts';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { requireAuthentication } from './require-authentication.ts';

const loaded: string[] = [];

function routerAt(path: string) {
  return createMemoryRouter(
    [
      { path: '/', Component: () => null },
      {
        path: '/home',
        middleware: [requireAuthentication],
        children: [
          {
            path: 'user',
            loader: () => {
              loaded.push('user');
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

describe('requireAuthentication (route middleware of /home)', () => {
  afterEach(() => {
    loaded.length = 0;
    sessionStorage.clear();
    useAuthStore.setState({ status: 'idle', authenticated: false, user: null });
  });

  it('sends a signed-out visitor to sign-in before any loader runs, remembering the address', async () => {
    useAuthStore.setState({ status: 'finished', authenticated: false, user: null });
    const router = routerAt('/home/user?tab=address');
    await settled(router);
    expect(router.state.location.pathname).toBe('/');
    expect(loaded).toEqual([]);
    expect(sessionStorage.getItem(SESSION.returnLocation)).toBe('/home/user?tab=address');
  });

  it('waits for the start-up check and then lets a signed-in user through', async () => {
    useAuthStore.setState({ status: 'loading', authenticated: false, user: null });
    const router = routerAt('/home/user');
    setTimeout(() => useAuthStore.setState({ status: 'finished', authenticated: true }), 20);
    await settled(router);
    expect(router.state.location.pathname).toBe('/home/user');
    expect(loaded).toEqual(['user']);
  });
});

import type { User } from '@care/contract/user';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { sendOfferStaffToStaffPage, sendServiceStaffToStaffPage } from './staff-to-staff-page.ts';

const loaded: string[] = [];
const page = (name: string) => ({
  loader: () => {
    loaded.push(name);
    return null;
  },
  Component: () => null,
});

function routerAt(path: string) {
  return createMemoryRouter(
    [
      {
        path: '/home/services/edit/:serviceId',
        middleware: [sendServiceStaffToStaffPage],
        ...page('customer service'),
      },
      {
        path: '/home/offer-requests/:offerRequestId',
        middleware: [sendOfferStaffToStaffPage],
        ...page('customer offer'),
      },
      { path: '/staff/service-requests/:serviceRequestId', ...page('staff service') },
      { path: '/staff/offer-requests/:offerRequestId', ...page('staff offer') },
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

describe("a staff member at a customer's address", () => {
  afterEach(() => {
    loaded.length = 0;
    useAuthStore.setState({ status: 'idle', authenticated: false, user: null });
  });

  it('is sent from the customer service request page to the staff page of the same request', async () => {
    for (const role of ['service', 'admin'] as const) {
      signedInAs(role);
      const router = routerAt('/home/services/edit/42');
      await settled(router);
      expect(router.state.location.pathname).toBe('/staff/service-requests/42');
      router.dispose();
    }
    expect(loaded).toEqual(['staff service', 'staff service']);
  });

  it('is sent from the customer offer request page to the sales page of the same request (sales, admin)', async () => {
    for (const role of ['sales', 'admin'] as const) {
      signedInAs(role);
      const router = routerAt('/home/offer-requests/7');
      await settled(router);
      expect(router.state.location.pathname).toBe('/staff/offer-requests/7');
      router.dispose();
    }
    expect(loaded).toEqual(['staff offer', 'staff offer']);
  });

  it('leaves customers on their pages, and sales on a service request page they have no staff page for', async () => {
    signedInAs('customer');
    for (const path of ['/home/services/edit/42', '/home/offer-requests/7']) {
      const router = routerAt(path);
      await settled(router);
      expect(router.state.location.pathname).toBe(path);
      router.dispose();
    }
    signedInAs('sales');
    const router = routerAt('/home/services/edit/42');
    await settled(router);
    expect(router.state.location.pathname).toBe('/home/services/edit/42');
    expect(loaded).toEqual(['customer service', 'customer offer', 'customer service']);
  });
});

import type { User } from '@care/contract/user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { brandKeys } from '#app/features/brand/api.ts';
import { useCartStore } from '#app/features/cart/cart-store.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as HomeLayout } from './layout.tsx';

const jan: User = {
  id: '1',
  email: 'jan.kowalski@example.com',
  firstName: 'Jan',
  lastName: 'Kowalski',
  role: 'customer',
  language: 'pl',
};

function renderHome(route = '/home/board') {
  return renderWithProviders(<HomeLayout />, {
    path: '/home/*',
    route,
    routes: [{ path: '/', element: <p>sign-in screen</p> }],
    queryData: [[brandKeys.all, testBrand]],
  });
}

function signIn() {
  localStorage.setItem('authenticated', 'true');
  useAuthStore.setState({ status: 'finished', authenticated: true, user: jan, error: null });
}

// jsdom is 1024 px wide, where the header's navigation is hidden in favour of the drawer (ADR 012).
// (Testing Library computes no accessible names inside hidden elements, so these look the links up by text.)
const mainNav = () => screen.getByLabelText('Main navigation', { selector: 'nav' });
const link = (name: string) => within(mainNav()).queryByText(name)?.closest('a') ?? null;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useCartStore.getState().clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ status: 'idle', authenticated: false, user: null, error: null });
});

describe('the signed-in area', () => {
  it('shows only a spinner while the authentication state is not finished', async () => {
    useAuthStore.setState({ status: 'loading', authenticated: false, user: null });
    await renderHome();
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign-in and remembers the address they wanted', async () => {
    useAuthStore.setState({ status: 'finished', authenticated: false, user: null });
    const { router } = await renderHome('/home/machines?status=I');
    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('returnLocation')).toBe('/home/machines?status=I');
  });

  it('shows the parts catalogue in the navigation only to a holder of the catalogue authority', async () => {
    signIn();
    const first = await renderHome();
    expect(link('Machines')).toBeInTheDocument();
    expect(link('Parts catalogue')).not.toBeInTheDocument();
    first.unmount();

    localStorage.setItem('authorities', JSON.stringify(['RIGHT_CARE_VIEW_CATALOG']));
    await renderHome();
    expect(link('Parts catalogue')).toHaveAttribute('href', '/home/catalog-folders');
  });

  it('offers the offer requests in the account menu to a holder of the catalogue authority', async () => {
    signIn();
    localStorage.setItem('authorities', JSON.stringify(['RIGHT_CARE_VIEW_CATALOG']));
    await renderHome();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Offer requests' })).toHaveAttribute(
      'href',
      '/home/offer-requests',
    );
  });

  it('marks the current page in the navigation', async () => {
    signIn();
    await renderHome('/home/services');
    expect(link('Service requests')).toHaveAttribute('aria-current', 'page');
    expect(link('Home')).not.toHaveAttribute('aria-current');
  });

  it('offers the same items in the drawer on narrower screens', async () => {
    // jsdom's window is fixed at 1024 px (jsdom/lib/jsdom/living/window/environment.js), where the header holds
    // the navigation itself (from md, 992 px) and hides the burger and the drawer; this plays a narrower screen
    // by lifting that one media rule. Which shows at which width in Chromium: e2e/frame.spec.ts.
    const narrower = document.head.appendChild(document.createElement('style'));
    narrower.textContent = '.mantine-hidden-from-md.mantine-hidden-from-md { display: block !important; }';
    onTestFinished(() => narrower.remove());
    signIn();
    localStorage.setItem('authorities', JSON.stringify(['RIGHT_CARE_VIEW_CATALOG']));
    await renderHome('/home/machines');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Machines', 'Service requests', 'Parts catalogue', 'Offer requests']);
    expect(within(nav).getByRole('link', { name: 'Machines' })).toHaveAttribute('aria-current', 'page');
    expect(within(drawer).getByRole('button', { name: 'Cart (0)' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/home/update-password',
    );
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows the number of parts in the cart in parentheses', async () => {
    signIn();
    useCartStore.getState().add({ id: '11', name: 'Bearing', symbol: 'BRG-6204', images: [], amount: 2 });
    useCartStore.getState().add({ id: '12', name: 'V-belt', symbol: 'BLT-A42', images: [], amount: 1 });
    await renderHome();
    const cart = screen.getByRole('button', { name: 'Cart (2)' });
    expect(cart).toHaveTextContent('(2)');
    await userEvent.click(cart);
    expect(await screen.findByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
  });

  it('signs out: clears storage but the browser preferences, leaves no return location and returns to sign-in', async () => {
    signIn();
    localStorage.setItem('authorities', '["RIGHT_CARE_VIEW_CATALOG"]');
    localStorage.setItem('i18nextLng', 'en');
    localStorage.setItem('mantine-color-scheme-value', 'dark');
    localStorage.setItem('email', 'jan.kowalski@example.com');
    useCartStore.getState().add({ id: '11', name: 'Bearing', symbol: 'BRG-6204', images: [], amount: 2 });
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const { router } = await renderHome('/home/machines');

    await userEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('You are signed out.')).toBeInTheDocument();
    // The header also asks for the unread count; the sign-out call is the logout one.
    const calls = fetch.mock.calls as unknown as [URL, RequestInit][];
    const logout = calls.find(([url]) => /\/auth\/logout$/.test(String(url)));
    expect(logout?.[1].method).toBe('POST');
    expect({ ...localStorage }).toEqual({
      i18nextLng: 'en',
      'mantine-color-scheme-value': 'dark',
      email: 'jan.kowalski@example.com',
    });
    expect(sessionStorage.getItem('returnLocation')).toBeNull();
    expect(useCartStore.getState().items).toEqual([]);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });

  it('signs out even when the server cannot be reached', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const { router } = await renderHome();
    await userEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAuthStore.getState().authenticated).toBe(false);
  });
});

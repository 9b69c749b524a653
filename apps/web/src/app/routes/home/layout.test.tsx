import type { User } from '@care/contract/user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '#app/features/auth/auth-store.ts';
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

const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });

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
    const status = await screen.findByRole('status');
    expect(within(status).getByLabelText('Loading…')).toBeInTheDocument();
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
    expect(within(mainNav()).getByRole('link', { name: 'Machines' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Parts catalogue' })).not.toBeInTheDocument();
    first.unmount();

    localStorage.setItem('authorities', JSON.stringify(['RIGHT_CARE_VIEW_CATALOG']));
    await renderHome();
    expect(within(mainNav()).getByRole('link', { name: 'Parts catalogue' })).toHaveAttribute('href', '/home/catalog-folders');
  });

  it('marks the current page in the navigation', async () => {
    signIn();
    await renderHome('/home/services');
    expect(within(mainNav()).getByRole('link', { name: 'Service requests' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
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
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toMatch(/\/auth\/logout$/);
    expect(init.method).toBe('POST');
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
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const { router } = await renderHome();
    await userEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAuthStore.getState().authenticated).toBe(false);
  });
});

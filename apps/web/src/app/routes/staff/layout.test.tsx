import type { User } from '@care/contract/user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { brandKeys } from '#app/features/brand/api.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { testBrand } from '#app/test/fixtures.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as StaffLayout } from './layout.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const staffMember = (role: User['role']): User => ({
  id: '9',
  email: 'x@agromech.example',
  firstName: 'Krystyna',
  lastName: 'Wójcik',
  role,
  language: 'en',
});

function renderStaff(role: User['role'], route = '/staff/offer-requests') {
  useAuthStore.setState({ status: 'finished', authenticated: true, user: staffMember(role), error: null });
  api.reset(() => ({ status: 200, body: { total: 0, requests: [] } }));
  return renderWithProviders(<StaffLayout />, {
    path: '/staff/*',
    route,
    routes: [{ path: '/home', element: <p>customer home</p> }],
    queryData: [[brandKeys.all, testBrand]],
  });
}

// jsdom is 1024 px wide: the header's navigation is hidden, so links are found by their text.
const navLinks = () =>
  within(screen.getByLabelText('Main navigation', { selector: 'nav' }))
    .getAllByRole('link', { hidden: true })
    .map((link) => [link.textContent, link.getAttribute('href')]);

afterEach(() => useAuthStore.setState({ status: 'idle', authenticated: false, user: null, error: null }));

describe('the back office frame', () => {
  it('shows parts sales only their inbox, and asks nothing of the service chat', async () => {
    await renderStaff('sales');
    expect(navLinks()).toEqual([['Offer requests', '/staff/offer-requests']]);
    // The service queue's waiting count would be asked for at once (see the next test); give it the time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      api.state.requests.filter((r) => r.path.startsWith('/api/chat') || r.path === '/api/staff/waiting'),
    ).toEqual([]);
  });

  it('shows the service department their queue, the customers, the insight dashboard', async () => {
    await renderStaff('service', '/staff');
    expect(navLinks()).toEqual([
      ['Service queue', '/staff'],
      ['Customers', '/staff/customers'],
      ['Insight', '/staff/insight'],
    ]);
    await waitFor(() =>
      expect(api.state.requests.filter((r) => r.path === '/api/staff/waiting')).not.toEqual([]),
    );
  });

  it('gives the service department its canned replies in the account menu, and parts sales none', async () => {
    const accountMenu = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
      return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    };
    const service = await renderStaff('service', '/staff');
    expect(await accountMenu()).toContain('Canned replies');
    expect(screen.getByRole('menuitem', { name: 'Canned replies' })).toHaveAttribute(
      'href',
      '/staff/canned-replies',
    );
    service.unmount();
    await renderStaff('sales');
    expect(await accountMenu()).not.toContain('Canned replies');
  });

  it('shows admins both, the queue current only on its own address', async () => {
    await renderStaff('admin');
    const links = navLinks();
    expect(links.map(([, href]) => href)).toEqual(
      expect.arrayContaining(['/staff', '/staff/offer-requests']),
    );
    const nav = within(screen.getByLabelText('Main navigation', { selector: 'nav' }));
    const queue = nav
      .getAllByRole('link', { hidden: true })
      .find((l) => l.getAttribute('href') === '/staff')!;
    const inbox = nav
      .getAllByRole('link', { hidden: true })
      .find((l) => l.getAttribute('href') === '/staff/offer-requests')!;
    expect(queue).not.toHaveAttribute('aria-current');
    expect(inbox).toHaveAttribute('aria-current', 'page');
  });

  it('marks Customers, not the queue, as current on the customers’ screens', async () => {
    await renderStaff('service', '/staff/customers/5');
    const nav = within(screen.getByLabelText('Main navigation', { selector: 'nav' }));
    const link = (href: string) =>
      nav.getAllByRole('link', { hidden: true }).find((l) => l.getAttribute('href') === href)!;
    expect(link('/staff/customers')).toHaveAttribute('aria-current', 'page');
    expect(link('/staff')).not.toHaveAttribute('aria-current');
  });

  it('keeps the queue current on its requests, and only there below /staff', async () => {
    await renderStaff('service', '/staff/service-requests/12');
    const nav = within(screen.getByLabelText('Main navigation', { selector: 'nav' }));
    const link = (href: string) =>
      nav.getAllByRole('link', { hidden: true }).find((l) => l.getAttribute('href') === href)!;
    expect(link('/staff')).toHaveAttribute('aria-current', 'page');
    expect(link('/staff/insight')).not.toHaveAttribute('aria-current');
  });

  it("has no customer footer (videos, shop, the service's contact)", async () => {
    await renderStaff('service', '/staff');
    await screen.findByLabelText('Main navigation', { selector: 'nav' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByText('Tutorial videos')).not.toBeInTheDocument();
  });

  it('sends a customer to their own area', async () => {
    await renderStaff('customer');
    expect(await screen.findByText('customer home')).toBeInTheDocument();
  });
});

import type { StaffCustomerDetails } from '@care/contract/customers';
import type { User } from '@care/contract/user';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import * as customerRoute from './customer.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
beforeEach(() => notifications.clean());
afterEach(() => {
  queryClient.clear();
  useAuthStore.setState({ status: 'idle', authenticated: false, user: null, error: null });
});

const customer: StaffCustomerDetails = {
  id: '5',
  firstName: 'Anna',
  lastName: 'Zielińska',
  email: 'anna@example.com',
  phone: '600700800',
  peselOrNip: '',
  language: 'pl',
  status: 'active',
  address: null,
  rulesAcceptedAt: '2026-03-01T10:00:00.000Z',
  marketingConsent: false,
  marketingConsentAt: null,
  emailConfirmedAt: '2026-03-01T10:05:00.000Z',
  lastLoginAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  deactivatedAt: null,
  storeLinked: false,
  machines: [],
  serviceRequests: [
    {
      id: '31',
      code: 'SR/2026/000031',
      status: 'N',
      reportDate: '2026-04-02T08:00:00.000Z',
      machineName: 'Kombajn',
      machineSerialNumber: 'AM-500',
    },
  ],
  serviceRequestCount: 1,
  offerRequests: [],
  offerRequestCount: 0,
};

function renderAs(role: User['role']) {
  const user: User = {
    id: '9',
    email: 'x@agromech.example',
    firstName: 'E',
    lastName: 'W',
    role,
    language: 'en',
  };
  useAuthStore.setState({ status: 'finished', authenticated: true, user, error: null });
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route: '/staff/customers/5',
    routes: [{ path: '/staff/customers/:customerId', ...customerRoute }],
  });
}

describe('a customer’s page', () => {
  it('shows service staff the customer and a link into their request, without admin actions', async () => {
    api.reset(() => ({ status: 200, body: customer }));
    await renderAs('service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Zielińska' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'SR/2026/000031' })[0]).toHaveAttribute(
      'href',
      '/staff/service-requests/31',
    );
    expect(screen.queryByRole('button', { name: 'Assign a machine' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Changes in the audit log' })).toBeNull();
  });

  it('asks an admin to confirm the move of another customer’s machine, then sends it with `move`', async () => {
    const assigned = { ...customer, machines: [] };
    api.reset((request) => {
      if (request.method === 'GET') return { status: 200, body: customer };
      const body = request.body as { move: boolean };
      if (!body.move)
        return { status: 409, body: { code: 'MACHINE_OWNED_BY_ANOTHER', message: 'Owned by another' } };
      return { status: 200, body: assigned };
    });
    await renderAs('admin');
    expect(await screen.findByRole('link', { name: 'Changes in the audit log' })).toHaveAttribute(
      'href',
      '/staff/admin/audit?subjectType=user&subjectId=5',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Assign a machine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a machine' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Serial number/ }), 'am-200');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bought from a neighbour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('This machine belongs to another customer')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to this customer' }));
    expect(await screen.findByText('Machine am-200 has been assigned to the customer.')).toBeVisible();
    const posts = api.state.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, (r.body as { move: boolean }).move])).toEqual([
      ['/api/admin/customers/5/machines', false],
      ['/api/admin/customers/5/machines', true],
    ]);
  });
});

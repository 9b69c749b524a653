import type { StaffServiceRequest } from '@care/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { queryClient } from '#app/lib/query-client.ts';
import { Component, ErrorBoundary, loader } from './service-request.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const request: StaffServiceRequest = {
  id: '12',
  code: 'SR/2026/000012',
  reportDate: '2026-05-04T08:15:00.000Z',
  estimatedCompletionDate: '2026-05-20',
  completionDate: null,
  status: 'R',
  statusHistory: [
    {
      fromStatus: null,
      toStatus: 'N',
      changedAt: '2026-05-04T08:15:00.000Z',
      changedBy: 'Jan Kowalski',
      note: null,
    },
    {
      fromStatus: 'N',
      toStatus: 'C',
      changedAt: '2026-05-05T09:00:00.000Z',
      changedBy: 'Piotr Nowak',
      note: 'Photos of the plate asked for.',
    },
    {
      fromStatus: 'C',
      toStatus: 'R',
      changedAt: '2026-05-06T09:00:00.000Z',
      changedBy: 'Piotr Nowak',
      note: null,
    },
  ],
  statusChangedAt: '2026-05-06T09:00:00.000Z',
  transportType: null,
  deliveryPlace: null,
  problemDescription: 'The baler knots loosely.',
  comments: null,
  serviceOpinion: 'Worn knotter.',
  additionalParts: null,
  machine: {
    id: '7',
    name: 'Prasa zwijająca Z-562',
    serialNumber: 'AGM562-0001',
    purchaseDate: '2024-04-02',
    guaranteeEndDate: '2027-04-02',
    guaranteeDaysLeft: 330,
    guaranteeState: 'active',
    status: 'I',
    dealer: 'Agro-Serwis Kowalscy',
  },
  attachments: [],
  canAddAppendices: true,
  estimateHistory: [],
  rating: null,
  canRate: false,
  customer: {
    id: '3',
    firstName: 'Jan',
    lastName: 'Kowalski',
    email: 'jan.kowalski@example.com',
    phone: '600100200',
    language: 'pl',
    address: null,
  },
  allowedTransitions: ['P', 'O'],
  desk: { assignee: null, priority: 'normal', tags: [], waitingSince: null, assignmentHistory: [] },
};

function renderRequest(id: string) {
  queryClient.clear();
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route: `/staff/service-requests/${id}`,
    routes: [{ path: '/staff/service-requests/:serviceRequestId', loader, Component, ErrorBoundary }],
  });
}

describe('staff request page', () => {
  it('shows the overview and the conversation at once, and every section one tab away', async () => {
    api.reset(({ path }) =>
      path === '/api/staff/service-requests/12'
        ? { status: 200, body: request }
        : path === '/api/staff/colleagues' || path === '/api/staff/tags'
          ? { status: 200, body: [] }
          : { status: 404 },
    );
    await renderRequest('12');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request SR/2026/000012' }),
    ).toBeInTheDocument();
    // The overview: the request's status and the machine's ERP status, each named; the customer's contact.
    const overview = screen.getByRole('region', { name: 'Request overview' });
    expect(within(overview).getByText('Request status')).toBeInTheDocument();
    expect(within(overview).getByText('Claim recognized')).toBeInTheDocument();
    expect(within(overview).getByText('Machine status (ERP)')).toBeInTheDocument();
    expect(within(overview).getByText('AGM562-0001')).toBeInTheDocument();
    expect(within(overview).getByRole('link', { name: 'jan.kowalski@example.com' })).toHaveAttribute(
      'href',
      'mailto:jan.kowalski@example.com',
    );
    expect(screen.getByRole('region', { name: 'Chat with the customer' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to the customer' })).toBeInTheDocument();
    // The first tab is what the customer wrote.
    expect(screen.getByRole('tab', { name: 'Request', selected: true })).toBeInTheDocument();
    expect(screen.getByText('The baler knots loosely.')).toBeVisible();
    const handling = screen.getByRole('region', { name: 'Handling' });
    expect(within(handling).getByText('Nobody has taken this request yet.')).toBeInTheDocument();
    expect(within(handling).getByRole('button', { name: 'Hand over' })).toBeDisabled();

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(
      within(screen.getByRole('region', { name: 'Status history' })).getByText(
        'Photos of the plate asked for.',
      ),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Change status' }));
    const choices = within(screen.getByRole('radiogroup', { name: 'New status' })).getAllByRole('radio');
    expect(choices.map((radio) => radio.getAttribute('value'))).toEqual(['P', 'O']);

    await userEvent.click(screen.getByRole('tab', { name: 'Dates and opinion' }));
    expect(screen.getByRole('textbox', { name: 'Service opinion' })).toHaveValue('Worn knotter.');
    expect(screen.getByLabelText('Estimated completion date')).toHaveValue('2026-05-20');
    expect(screen.getByRole('button', { name: 'Save dates' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save opinion and parts' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Customer and machine' }));
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText('Polish')).toBeVisible();
    const machine = screen.getByRole('region', { name: 'Machine' });
    expect(within(machine).getByText('Machine status (ERP)')).toBeVisible();
    expect(within(machine).getByText('Agro-Serwis Kowalscy')).toBeVisible();
  });

  it('moves between the sections with the arrow keys', async () => {
    api.reset(({ path }) =>
      path === '/api/staff/service-requests/12' ? { status: 200, body: request } : { status: 404 },
    );
    await renderRequest('12');
    const first = await screen.findByRole('tab', { name: 'Request' });
    first.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'History', selected: true })).toBeInTheDocument();
  });

  it("shows 'service-load-error' for an unknown request", async () => {
    api.reset(() => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } }));
    await renderRequest('999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The service request could not be loaded' }),
    ).toBeInTheDocument();
  });
});

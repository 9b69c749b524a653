import type { StaffServiceRequest } from '@care/contract/staff';
import type { ServiceRequestStatus } from '@care/contract/statuses';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { staffKeys } from '../api.ts';
import { StatusChange } from './status-change.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
// The notifications store outlives a render: one test's notice must not answer for the next.
afterEach(() => notifications.clean());

/** A request as GET api/staff/service-requests/{id} answers, in the given status. */
function staffRequest(status: ServiceRequestStatus): StaffServiceRequest {
  return {
    id: '12',
    code: 'SR/2026/000012',
    reportDate: '2026-05-04T08:15:00.000Z',
    estimatedCompletionDate: null,
    completionDate: null,
    status,
    statusHistory: [
      {
        fromStatus: null,
        toStatus: 'N',
        changedAt: '2026-05-04T08:15:00.000Z',
        changedBy: 'Jan Kowalski',
        note: null,
      },
    ],
    statusChangedAt: '2026-05-04T08:15:00.000Z',
    transportType: null,
    deliveryPlace: null,
    problemDescription: 'The baler knots loosely.',
    comments: null,
    serviceOpinion: null,
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
      dealer: null,
    },
    attachments: [],
    canAddAppendices: true,
    customer: {
      id: '3',
      firstName: 'Jan',
      lastName: 'Kowalski',
      email: 'jan.kowalski@example.com',
      phone: '600100200',
      language: 'pl',
      address: null,
    },
    allowedTransitions: [],
    desk: { assignee: null, priority: 'normal', tags: [], waitingSince: null, assignmentHistory: [] },
  };
}

const optionNames = () => screen.queryAllByRole('radio').map((radio) => radio.getAttribute('value'));

describe('status change control', () => {
  it('offers only the statuses allowed after the current one', async () => {
    api.reset(() => ({ status: 404 }));
    const { unmount } = await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'C' }} />,
    );
    const group = screen.getByRole('radiogroup', { name: 'New status' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['R', 'U', 'X']);
    expect(within(group).getByRole('radio', { name: 'Claim recognized' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Claim not recognized' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Rejected' })).toBeInTheDocument();
    unmount();

    await renderWithProviders(<StatusChange serviceRequest={{ id: '12', status: 'R' }} />);
    expect(optionNames()).toEqual(['P', 'O']);
  });

  it('offers no change for a final status', async () => {
    await renderWithProviders(<StatusChange serviceRequest={{ id: '12', status: 'F' }} />);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.getByText('This status is final; it can no longer be changed.')).toBeInTheDocument();
  });

  it('sends nothing before the confirmation, then the chosen status, the status shown and the note', async () => {
    api.reset(() => ({ status: 200, body: staffRequest('R') }));
    const { queryClient } = await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'C' }} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect(screen.getByText('Choose the new status.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Claim recognized' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Note for the service team/ }), 'Bearing worn.');
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status?' });
    expect(dialog).toHaveTextContent('From “Under consideration” to “Claim recognized”.');
    expect(api.state.requests).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, change the status' }));
    await waitFor(() => expect(api.state.requests).toHaveLength(1));
    const [sent] = api.state.requests;
    expect(`${sent!.method} ${sent!.path}`).toBe('POST /api/staff/service-requests/12/status');
    expect(sent!.body).toEqual({ status: 'R', fromStatus: 'C', note: 'Bearing worn.' });
    expect(await screen.findByText('The status is now “Claim recognized”.')).toBeInTheDocument();
    expect(queryClient.getQueryData<StaffServiceRequest>(staffKeys.request('12'))?.status).toBe('R');
  });

  it("shows the server's refusal and keeps the status", async () => {
    api.reset((request) =>
      request.method === 'POST'
        ? {
            status: 409,
            body: { code: 'INVALID_STATUS_TRANSITION', message: 'Not allowed from the current status.' },
          }
        : { status: 200, body: staffRequest('N') },
    );
    await renderWithProviders(<StatusChange serviceRequest={{ id: '12', status: 'N' }} />);

    await userEvent.click(screen.getByRole('radio', { name: 'Under consideration' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, change the status' }));

    const alert = (await screen.findByText('The status was not changed')).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent('The request cannot be moved from its current status to the chosen one.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/The status is now/)).not.toBeInTheDocument();
  });

  it('after "changed meanwhile" marks the request stale, so the page fetches what is allowed now', async () => {
    api.reset((request) =>
      request.method === 'POST'
        ? {
            status: 409,
            body: { code: 'STATUS_CHANGED_MEANWHILE', message: 'Changed meanwhile.' },
          }
        : { status: 200, body: staffRequest('C') },
    );
    const { queryClient } = await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'N' }} />,
      { queryData: [[staffKeys.request('12'), staffRequest('N')]] },
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Rejected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, change the status' }));

    const alert = (await screen.findByText('The status was not changed')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Someone else changed the status of this request in the meantime.');
    expect(queryClient.getQueryState(staffKeys.request('12'))?.isInvalidated).toBe(true);
  });
});

import type { StaffServiceRequest } from '@care/contract/staff';
import type { ServiceRequestStatus } from '@care/contract/statuses';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
    estimateHistory: [],
    rating: null,
    canRate: status === 'F',
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

/** The request's report date (04 May 2026, 10:15 in Poland). */
const REPORTED = '2026-05-04T08:15:00.000Z';

const optionNames = () => screen.queryAllByRole('radio').map((radio) => radio.getAttribute('value'));

describe('status change control', () => {
  it('offers only the statuses allowed after the current one', async () => {
    api.reset(() => ({ status: 404 }));
    const { unmount } = await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'C', reportDate: REPORTED }} />,
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

    await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'R', reportDate: REPORTED }} />,
    );
    expect(optionNames()).toEqual(['P', 'O']);
  });

  it('offers no change for a final status', async () => {
    await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'F', reportDate: REPORTED }} />,
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.getByText('This status is final; it can no longer be changed.')).toBeInTheDocument();
  });

  it('sends nothing before the confirmation, then the chosen status, the status shown and the note', async () => {
    api.reset(() => ({ status: 200, body: staffRequest('R') }));
    const { queryClient } = await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'C', reportDate: REPORTED }} />,
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
    await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'N', reportDate: REPORTED }} />,
    );

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
      <StatusChange serviceRequest={{ id: '12', status: 'N', reportDate: REPORTED }} />,
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

describe('moving to F asks for the completion date (issue 18)', () => {
  afterEach(() => vi.useRealTimers());

  /** Choose F from A and open the confirmation; answers the dialog. */
  const chooseExecuted = async () => {
    await renderWithProviders(
      <StatusChange serviceRequest={{ id: '12', status: 'A', reportDate: REPORTED }} />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Executed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    return screen.findByRole('dialog', { name: 'Change the status?' });
  };

  it('offers today in Poland by default (already tomorrow there late in the UTC evening) and sends it with F', async () => {
    // 23:30 UTC on 10 May is 01:30 on 11 May in Poland (CEST).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T23:30:00Z'));
    api.reset(() => ({ status: 200, body: staffRequest('F') }));
    const dialog = await chooseExecuted();
    const date = within(dialog).getByLabelText(/Completion date/);
    expect(date).toHaveValue('2026-05-11');
    expect(date).toHaveAttribute('max', '2026-05-11');
    expect(date).toHaveAttribute('min', '2026-05-04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, change the status' }));
    await waitFor(() => expect(api.state.requests).toHaveLength(1));
    expect(api.state.requests[0]!.body).toEqual({
      status: 'F',
      fromStatus: 'A',
      note: '',
      completionDate: '2026-05-11',
    });
  });

  it('refuses a day after today or before the report day in the dialog, without sending', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-20T10:00:00Z'));
    api.reset(() => ({ status: 200, body: staffRequest('F') }));
    const dialog = await chooseExecuted();
    const date = within(dialog).getByLabelText(/Completion date/);
    fireEvent.change(date, { target: { value: '2026-05-21' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, change the status' }));
    expect(await within(dialog).findByText('The completion date cannot be after today.')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2026-05-03' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, change the status' }));
    expect(
      await within(dialog).findByText('The completion date cannot be before the report date (2026-05-04).'),
    ).toBeInTheDocument();
    expect(api.state.requests).toEqual([]);
  });

  it("shows the server's refusal of the date under it and keeps the dialog open", async () => {
    api.reset(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid.',
        fields: [{ path: 'completionDate', code: 'form.completion-date-future' }],
      },
    }));
    const dialog = await chooseExecuted();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, change the status' }));
    expect(await within(dialog).findByText('The completion date cannot be after today.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change the status?' })).toBeInTheDocument();
  });
});

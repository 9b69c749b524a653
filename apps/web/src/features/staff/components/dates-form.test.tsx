import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { dayInPoland } from '../completion-date.ts';
import { DatesForm } from './dates-form.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
afterEach(() => notifications.clean());

const request = {
  id: '12',
  reportDate: '2026-05-04T08:15:00.000Z',
  estimatedCompletionDate: null,
  completionDate: null,
};

describe('dates form', () => {
  it('names the field whose date is before the report date, by the label it has on the screen', async () => {
    api.reset(() => ({
      status: 400,
      body: {
        code: 'DATE_BEFORE_REPORT_DATE',
        message: 'x',
        fields: [{ path: 'completionDate', code: 'validation.too_small' }],
      },
    }));
    await renderWithProviders(<DatesForm serviceRequest={request} />);
    fireEvent.change(screen.getByLabelText('Completion date'), { target: { value: '2026-05-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));

    await waitFor(() => expect(api.state.requests).toHaveLength(1));
    const completion = screen.getByLabelText('Completion date');
    await waitFor(() => expect(completion).toHaveAttribute('aria-invalid', 'true'));
    const error = document.getElementById(completion.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(error).toHaveTextContent(/^Completion date: not earlier than the report date \(.+\)\.$/);
    expect(screen.getByLabelText('Estimated completion date')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no day after today for the completion, and says so under it when the server refuses one', async () => {
    api.reset(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'x',
        fields: [{ path: 'completionDate', code: 'form.completion-date-future' }],
      },
    }));
    await renderWithProviders(<DatesForm serviceRequest={request} />);
    const completion = screen.getByLabelText('Completion date');
    expect(completion).toHaveAttribute('max', dayInPoland(new Date()));
    expect(screen.getByLabelText('Estimated completion date')).not.toHaveAttribute('max');
    fireEvent.change(completion, { target: { value: '2099-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save dates' }));

    await waitFor(() => expect(completion).toHaveAttribute('aria-invalid', 'true'));
    const error = document.getElementById(completion.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(error).toHaveTextContent('The completion date cannot be after today.');
  });
});

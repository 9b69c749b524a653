import { DEFAULT_SERVICE_TIME_TARGETS } from '@care/contract/service-times';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { TargetsForm } from './targets-form.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const saves = () => api.state.requests.filter((r) => r.method === 'PUT');

describe('the service times form', () => {
  it('refuses a more urgent priority with a longer time, saying why at the field, and sends nothing', async () => {
    api.reset(() => ({ status: 200, body: DEFAULT_SERVICE_TIME_TARGETS }));
    await renderWithProviders(<TargetsForm targets={DEFAULT_SERVICE_TIME_TARGETS} />);
    const urgent = screen.getByRole('group', { name: 'Urgent' });
    const reply = within(urgent).getByRole('textbox', { name: 'First reply (working hours)' });
    await userEvent.clear(reply);
    await userEvent.type(reply, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save service times' }));
    expect(
      await screen.findByText('A more urgent priority cannot have a longer time than a less urgent one.'),
    ).toBeVisible();
    expect(reply).toHaveFocus();
    expect(saves()).toEqual([]);
  });

  it('sends every priority’s targets when they are right', async () => {
    api.reset(() => ({ status: 200, body: DEFAULT_SERVICE_TIME_TARGETS }));
    await renderWithProviders(<TargetsForm targets={DEFAULT_SERVICE_TIME_TARGETS} />);
    const urgent = screen.getByRole('group', { name: 'Urgent' });
    const reply = within(urgent).getByRole('textbox', { name: 'First reply (working hours)' });
    await userEvent.clear(reply);
    await userEvent.type(reply, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save service times' }));
    await screen.findByText('Service times saved.');
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toEqual({
      ...DEFAULT_SERVICE_TIME_TARGETS,
      urgent: { firstReplyHours: 2, completionDays: 2 },
    });
  });
});

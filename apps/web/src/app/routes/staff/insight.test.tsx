import type { Insight } from '@care/contract/insight';
import type { User } from '@care/contract/user';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAuthStore } from '#app/lib/auth-store.ts';
import { queryClient } from '#app/lib/query-client.ts';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import * as insightRoute from './insight.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);
afterEach(() => {
  queryClient.clear();
  useAuthStore.setState({ status: 'idle', authenticated: false, user: null, error: null });
});

const week = (monday: string, opened: number, closed: number) => ({
  week: monday,
  opened,
  closed,
  replied: opened,
  firstReplyMedianSeconds: opened ? 5.5 * 3600 : null,
  completed: closed,
  completionMedianSeconds: closed ? 9 * 86_400 : null,
});
const insight: Insight = {
  generatedAt: '2026-06-17T12:00:00.000Z',
  since: '2025-12-22',
  openByStatus: [
    { status: 'N', count: 1234 },
    { status: 'C', count: 1 },
    { status: 'R', count: 0 },
    { status: 'P', count: 0 },
    { status: 'O', count: 2 },
    { status: 'A', count: 0 },
  ],
  weeks: Array.from({ length: 26 }, (_, i) => {
    const monday = new Date(Date.UTC(2025, 11, 22 + 7 * i)).toISOString().slice(0, 10);
    return i === 25 ? week(monday, 3, 2) : week(monday, 0, 0);
  }),
  serviceTimes: Array.from({ length: 12 }, (_, i) => {
    const monday = new Date(Date.UTC(2026, 2, 30 + 7 * i)).toISOString().slice(0, 10);
    return i === 11
      ? { week: monday, replyMet: 3, replyMissed: 1, completionMet: 1, completionMissed: 1 }
      : { week: monday, replyMet: 0, replyMissed: 0, completionMet: 0, completionMissed: 0 };
  }),
  oldestOpen: [
    {
      id: '6',
      code: 'SR/2025/000006',
      status: 'R',
      reportDate: '2025-01-10T08:00:00.000Z',
      machineName: 'AgroMech Kosiarka 300',
    },
  ],
  models: [{ model: 'AgroMech Żniwiarz 5200', count: 3 }],
  offers: {
    byStatus: [
      { status: 'sent', count: 1 },
      { status: 'in_progress', count: 0 },
      { status: 'quoted', count: 3 },
      { status: 'closed', count: 2 },
    ],
    quoting: { sent: 5, quoted: 4, quotedInTime: 3 },
  },
};

function renderInsight(role: User['role']) {
  useAuthStore.setState({
    status: 'finished',
    authenticated: true,
    user: { id: '9', email: 'x@agromech.example', firstName: 'K', lastName: 'W', role, language: 'en' },
    error: null,
  });
  api.reset(() => ({ status: 200, body: insight }));
  return renderWithProviders(<p>unused</p>, {
    path: '/unused',
    route: '/staff/insight',
    routes: [{ path: '/staff/insight', loader: insightRoute.loader, Component: insightRoute.Component }],
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the insight dashboard', () => {
  it('gives screen readers each chart as a table, and the toggle shows it with links into the filtered queue', async () => {
    await renderInsight('service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insight' })).toBeInTheDocument();
    const open = await screen.findByRole('region', { name: 'Open service requests by status' });
    // Beside the chart: the figures as a table, formatted for the language, without links (nothing invisible to focus).
    const hidden = within(open).getByRole('table', { name: 'Open service requests by status' });
    expect(within(hidden).getByRole('rowheader', { name: 'Pending' }).closest('tr')).toHaveTextContent(
      '1,234',
    );
    expect(within(hidden).queryAllByRole('link')).toEqual([]);
    expect(within(open).getByRole('link', { name: '1,237 open requests' })).toHaveAttribute(
      'href',
      '/staff?status=N%2CC%2CR%2CP%2CO%2CA',
    );

    await userEvent.click(within(open).getByRole('radio', { name: 'Table' }));
    const table = within(open).getByRole('table', { name: 'Open service requests by status' });
    expect(within(table).getByRole('link', { name: '1,234' })).toHaveAttribute('href', '/staff?status=N');

    const flow = section('Requests opened and closed per week');
    await userEvent.click(within(flow).getByRole('radio', { name: 'Table' }));
    const weeks = within(flow).getByRole('table');
    const latest = within(weeks).getByRole('rowheader', { name: 'Week of 2026-06-15' }).closest('tr')!;
    expect(within(latest).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/staff?reportedFrom=2026-06-15&reportedTo=2026-06-21',
    );
    expect(within(latest).getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/staff?status=F%2CX%2CU&changedFrom=2026-06-15&changedTo=2026-06-21',
    );

    const times = section('Median time to first reply and to completion');
    await userEvent.click(within(times).getByRole('radio', { name: 'Table' }));
    const latestTimes = within(within(times).getByRole('table'))
      .getByRole('rowheader', { name: 'Week of 2026-06-15' })
      .closest('tr')!;
    expect(latestTimes).toHaveTextContent('5.5');
    expect(within(latestTimes).getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/staff?status=F&changedFrom=2026-06-15&changedTo=2026-06-21',
    );

    // The service times met: the share of each target per week, with the counts behind it; a dash for no data.
    const met = section('Service times met');
    const metWeeks = within(within(met).getByRole('table'));
    expect(metWeeks.getByRole('rowheader', { name: 'Week of 2026-06-15' }).closest('tr')).toHaveTextContent(
      '75% (3 of 4)50% (1 of 2)',
    );
    expect(metWeeks.getByRole('rowheader', { name: 'Week of 2026-06-08' }).closest('tr')).toHaveTextContent(
      '——',
    );

    const models = section('Requests per machine model');
    await userEvent.click(within(models).getByRole('radio', { name: 'Table' }));
    expect(within(models).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/staff?model=AgroMech+%C5%BBniwiarz+5200&reportedFrom=2025-12-22',
    );
    expect(
      within(section('Oldest open requests')).getByRole('link', { name: 'SR/2025/000006' }),
    ).toHaveAttribute('href', '/staff/service-requests/6');
  });

  it('links the offer figures to the sales inbox for admins only (service staff cannot open it)', async () => {
    await renderInsight('service');
    const offers = await screen.findByRole('region', { name: 'Offer requests by status' });
    expect(
      within(offers).getByText(/3 of 5 sent offer requests quoted within 2 working days \(60%\)/),
    ).toBeVisible();
    await userEvent.click(within(offers).getByRole('radio', { name: 'Table' }));
    expect(within(offers).queryAllByRole('link')).toEqual([]);
  });

  it('gives admins the offer figures as links into the filtered inbox', async () => {
    await renderInsight('admin');
    const offers = await screen.findByRole('region', { name: 'Offer requests by status' });
    await userEvent.click(within(offers).getByRole('radio', { name: 'Table' }));
    expect(within(offers).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/staff/offer-requests?status=quoted',
    );
    // The quoting figure counts the requests sent in the window: its link asks the inbox for the same days.
    expect(within(offers).getByRole('link', { name: /quoted within 2 working days/ })).toHaveAttribute(
      'href',
      '/staff/offer-requests?status=quoted%2Cclosed&sentFrom=2025-12-22',
    );
  });
});

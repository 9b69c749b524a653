import type { Session } from '@care/contract/sessions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

const session = (id: string, extra: Partial<Session>): Session => ({
  id,
  browser: 'Chrome 142',
  os: 'Android 14',
  deviceType: 'mobile',
  ip: '10.0.0.1',
  signedInAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-26T18:30:00.000Z',
  current: false,
  ...extra,
});

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

describe('sessions section', () => {
  it('lists the devices with this one marked, ends one, then all others', async () => {
    let sessions = [
      session('1', { current: true, browser: 'Firefox 145', os: 'Windows 10', deviceType: 'desktop' }),
      session('2', {}),
      session('3', { browser: null, os: null, deviceType: null, ip: null }),
    ];
    api.reset(({ method, path }) => {
      if (method === 'GET' && path === '/api/user/sessions') return { status: 200, body: sessions };
      if (method === 'DELETE' && path === '/api/user/sessions/2') {
        sessions = sessions.filter((s) => s.id !== '2');
        return { status: 200, body: { ended: 1 } };
      }
      if (method === 'POST' && path === '/api/user/sessions/end-others') {
        sessions = sessions.filter((s) => s.current);
        return { status: 200, body: { ended: 1 } };
      }
      return { status: 404 };
    });
    await renderWithProviders(<SessionsSection />);
    const list = await screen.findByRole('list', { name: 'Where you are signed in' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Firefox 145 on Windows 10')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('IP address: 10.0.0.1')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Unknown device')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out device: Chrome 142 on Android 14' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.state.requests.some((r) => r.method === 'DELETE' && r.path === '/api/user/sessions/2')).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Sign out 1 other device' }));
    expect(await screen.findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});

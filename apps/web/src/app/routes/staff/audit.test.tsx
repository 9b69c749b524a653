import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_KINDS, AUDIT_SUBJECT_TYPES, type AuditPage } from '@care/contract/audit';
import { LANGUAGES } from '@care/contract/locales';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type RecordedRequest } from '#app/test/api-server.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { Component as Audit } from './audit.tsx';

const api = createApiServer();
beforeAll(api.start);
afterAll(api.stop);

const page: AuditPage = {
  entries: [
    {
      id: '41',
      at: '2026-11-26T09:15:00.000Z',
      actorId: '2',
      actorLabel: 'serwis@agromech.example',
      kind: 'service-request.status',
      subjectType: 'service-request',
      subjectId: '12',
      subjectLabel: 'SR/2026/000012',
      subjectAccount: null,
      before: { status: 'N' },
      after: { status: 'C' },
      reason: 'Photos received',
      ip: '192.0.2.10',
    },
    ...(['customer', 'staff'] as const).map((account, i) => ({
      id: String(40 - i),
      at: '2026-11-26T09:00:00.000Z',
      actorId: null,
      actorLabel: '',
      kind: 'auth.sign-in' as const,
      subjectType: 'user' as const,
      subjectId: String(7 + i),
      subjectLabel: `${account}@example.com`,
      subjectAccount: account,
      before: null,
      after: null,
      reason: null,
      ip: null,
    })),
  ],
  nextCursor: '41',
};

const calls = () => api.state.requests.filter((r) => r.path === '/api/admin/audit');
const paramsOf = (request: RecordedRequest | undefined) => Object.fromEntries(request?.query ?? []);

function renderAudit(route: string) {
  api.reset(() => ({ status: 200, body: page }));
  return renderWithProviders(<Audit />, { route, path: '/staff/admin/audit' });
}

describe('audit log screen', () => {
  it('asks for the filters in the address and shows an entry readably, linked to its request', async () => {
    await renderAudit(
      '/staff/admin/audit?person=serwis&kind=service-request.status,auth.sign-in&from=2026-11-01&to=2026-11-30&subjectType=service-request&subjectId=12',
    );
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(paramsOf(calls()[0])).toEqual({
      person: 'serwis',
      kind: 'service-request.status,auth.sign-in',
      from: '2026-11-01',
      to: '2026-11-30',
      subjectType: 'service-request',
      subjectId: '12',
    });
    expect(within(table).getByRole('link', { name: 'SR/2026/000012' })).toHaveAttribute(
      'href',
      '/staff/service-requests/12',
    );
    // A person links to the screen of their account: a customer's page, or the staff list searched for them.
    expect(within(table).getByRole('link', { name: 'customer@example.com' })).toHaveAttribute(
      'href',
      '/staff/customers/7',
    );
    expect(within(table).getByRole('link', { name: 'staff@example.com' })).toHaveAttribute(
      'href',
      '/staff/admin/staff?q=staff%40example.com',
    );
    expect(within(table).getByText('Pending → Under consideration')).toBeInTheDocument();
    expect(within(table).getByText('Service request status')).toBeInTheDocument();
    expect(screen.getByText('Only Service request 12')).toBeInTheDocument();
  });

  it('leaves out what the contract refuses in a hand-edited address', async () => {
    await renderAudit('/staff/admin/audit?kind=nope&from=yesterday&subjectId=5');
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(paramsOf(calls()[0])).toEqual({});
  });

  it('a new filter starts again at the newest entries; "Older entries" follows the cursor', async () => {
    const { router } = await renderAudit('/staff/admin/audit?cursor=99');
    await waitFor(() => expect(calls()).toHaveLength(1));

    await userEvent.type(screen.getByLabelText('From'), '2026-11-02');
    await waitFor(() => expect(paramsOf(calls().at(-1))).toEqual({ from: '2026-11-02' }));
    expect(router.state.location.search).toBe('?from=2026-11-02');

    await userEvent.click(await screen.findByRole('button', { name: 'Older entries' }));
    await waitFor(() => expect(paramsOf(calls().at(-1))).toEqual({ from: '2026-11-02', cursor: '41' }));
    await userEvent.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-02'));
  });

  it('removing the subject tag and "Clear filters" ask for everything', async () => {
    const { router } = await renderAudit('/staff/admin/audit?subjectType=user&subjectId=7&person=anna');
    await waitFor(() => expect(calls()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Show every subject' }));
    await waitFor(() => expect(paramsOf(calls().at(-1))).toEqual({ person: 'anna' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Person' })).toHaveValue('');
  });
});

describe('audit log translations', () => {
  it('names every kind and subject type in pl, en and de', () => {
    for (const language of LANGUAGES) {
      const file = join(import.meta.dirname, `../../../../public/locales/lang/admin/${language}.json`);
      const { audit } = JSON.parse(readFileSync(file, 'utf8')) as {
        audit: { kinds: Record<string, Record<string, string>>; 'subject-types': Record<string, string> };
      };
      for (const kind of AUDIT_KINDS) {
        const [group, name] = kind.split('.') as [string, string];
        expect(audit.kinds[group]?.[name], `${language}: ${kind}`).toBeTruthy();
      }
      for (const type of AUDIT_SUBJECT_TYPES)
        expect(audit['subject-types'][type], `${language}: ${type}`).toBeTruthy();
    }
  });
});

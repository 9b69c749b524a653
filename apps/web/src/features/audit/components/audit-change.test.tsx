import type { AuditLogEntry } from '@care/contract/audit';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '#app/lib/date-time.ts';
import { renderWithProviders } from '#app/test/render.tsx';
import { AuditChange } from './audit-change.tsx';

const base: AuditLogEntry = {
  id: '1',
  at: '2026-11-26T09:15:00.000Z',
  actorId: null,
  actorLabel: 'cli',
  kind: 'machines.imported',
  subjectType: 'machine-import',
  subjectId: '3',
  subjectLabel: 'erp.csv',
  subjectAccount: null,
  before: null,
  after: null,
  reason: null,
  ip: null,
};

/** The change column's lines of one entry, as a reader sees them. */
async function linesOf(entry: Partial<AuditLogEntry>, language: 'pl' | 'en' | 'de' = 'en') {
  const { container } = await renderWithProviders(<AuditChange entry={{ ...base, ...entry }} />, {
    language,
  });
  return [...container.querySelectorAll('p')].map((line) => line.textContent);
}

describe('the audit log\'s "before → after"', () => {
  it("labels a machine import's counts in the contract's order and writes numbers in the page's language", async () => {
    // In jsonb's order (shortest key first), listed in the contract's.
    const after = {
      rows: 300000,
      changed: 0,
      created: 2,
      assigned: 0,
      fileName: 'erp.csv',
      unchanged: 299998,
    };
    expect(await linesOf({ after })).toEqual([
      'File: erp.csv',
      'Rows: 300,000',
      'New: 2',
      'Changed: 0',
      'Unchanged: 299,998',
      'Assigned to their owner: 0',
    ]);
    expect(await linesOf({ after }, 'pl')).toEqual([
      'Plik: erp.csv',
      'Wiersze: 300\u00a0000',
      'Nowe: 2',
      'Zmienione: 0',
      'Bez zmian: 299\u00a0998',
      'Przypisane właścicielowi: 0',
    ]);
  });

  it('names codes: a set-password link, a sign-in method, a role, an account status, a machine status', async () => {
    expect(
      await linesOf({
        kind: 'auth.password-changed',
        before: { status: 'pending' },
        after: { status: 'active', through: 'set-password-link' },
      }),
    ).toEqual(['Status: Awaiting activation → Active', 'Set through: The e-mailed set-password link']);
    expect(
      await linesOf(
        {
          kind: 'auth.sign-in',
          before: { role: 'service', status: 'active' },
          after: { method: 'sso', role: 'admin', status: 'active' },
        },
        'de',
      ),
    ).toEqual(['Methode: Single Sign-on (SSO)', 'Rolle: Service → Administrator', 'Status: Aktiv → Aktiv']);
    expect(
      await linesOf({
        kind: 'machine.updated',
        before: { status: 'R', guaranteeEndDate: '2027-01-01', owner: null },
        after: { status: 'W', guaranteeEndDate: '2028-06-30', owner: 'jan@example.com' },
      }),
    ).toEqual([
      'Guarantee until: 2027-01-01 → 2028-06-30',
      'Status: Registered → In warehouse',
      'Owner: — → jan@example.com',
    ]);
  });

  it('shows instants as dates with times, yes/no, parts of a summary and a list of sessions', async () => {
    expect(
      await linesOf({
        kind: 'customer.reactivated',
        before: { status: 'deactivated', deactivatedAt: '2026-11-20T10:30:00.000Z' },
        after: { status: 'active', deactivatedAt: null },
      }),
    ).toEqual([
      'Status: Deactivated → Active',
      `Deactivated on: ${formatDateTime('2026-11-20T10:30:00.000Z')} → —`,
    ]);
    expect(
      await linesOf({
        kind: 'catalog.imported',
        after: { parts: { created: 5, updated: 0, unchanged: 1200 } },
      }),
    ).toEqual(['Parts: created: 5, updated: 0, unchanged: 1,200']);
    expect(
      await linesOf({
        kind: 'auth.sessions-ended',
        before: { sessions: [{ id: 4, browser: 'Firefox', os: 'Linux', ip: '192.0.2.1' }] },
        after: { sessions: [] },
      }),
    ).toEqual(['Sessions: session no.: 4, browser: Firefox, system: Linux, IP address: 192.0.2.1 → —']);
    expect(
      await linesOf({
        kind: 'settings.changed',
        before: { requireStaffSecondFactor: false },
        after: { requireStaffSecondFactor: true },
      }),
    ).toEqual(['Second factor required of staff: no → yes']);
  });

  it('still shows a key the contract does not know (an older entry) as written, never "[object Object]"', async () => {
    expect(await linesOf({ kind: 'auth.sign-in', after: { legacy: { a: 1 } } })).toEqual(['legacy: {"a":1}']);
  });
});

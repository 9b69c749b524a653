import type { AuditLogEntry } from '@care/contract/audit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#app/test/render.tsx';
import { AuditSubject } from './audit-subject.tsx';

const entry: AuditLogEntry = {
  id: '1',
  at: '2026-11-26T09:15:00.000Z',
  actorId: '1',
  actorLabel: 'admin@agromech.example',
  kind: 'settings.changed',
  subjectType: 'settings',
  subjectId: 'require-staff-second-factor',
  subjectLabel: 'require-staff-second-factor',
  subjectAccount: null,
  before: { requireStaffSecondFactor: false },
  after: { requireStaffSecondFactor: true },
  reason: null,
  ip: null,
};

describe("the audit log's subject", () => {
  it('names a setting (not its stored key) and links to where it is changed', async () => {
    await renderWithProviders(<AuditSubject entry={entry} />, { language: 'pl' });
    expect(screen.getByText('Ustawienia')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Drugi składnik dla pracowników' })).toHaveAttribute(
      'href',
      '/staff/admin/security',
    );
  });
});

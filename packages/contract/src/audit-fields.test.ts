import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from './audit.ts';
import { AUDIT_CODE_LISTS, AUDIT_FIELDS, auditFieldKeys, undeclaredAuditContent } from './audit-fields.ts';

describe('audit fields per kind', () => {
  it('declares the fields of every kind, and no kind that does not exist', () => {
    expect(Object.keys(AUDIT_FIELDS).sort()).toEqual([...AUDIT_KINDS].sort());
  });

  it('has no code twice in a list', () => {
    for (const [list, codes] of Object.entries(AUDIT_CODE_LISTS))
      expect({ list, codes: [...new Set(codes)] }).toEqual({ list, codes: [...codes] });
  });

  it('lists every field key and every part key of object and list values', () => {
    const { fields, parts } = auditFieldKeys();
    expect(fields).toContain('status');
    expect(fields).toContain('sessions');
    expect(parts).toEqual([
      'browser',
      'completionDays',
      'created',
      'de',
      'en',
      'firstReplyHours',
      'id',
      'ip',
      'os',
      'pl',
      'priority',
      'unchanged',
      'updated',
    ]);
  });

  it('accepts what the server writes: declared keys, codes of their list, nulls, parts and items', () => {
    const entry = (kind: (typeof AUDIT_KINDS)[number], before: object | null, after: object | null) => ({
      kind,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown> | null,
      reason: null,
    });
    expect(undeclaredAuditContent(entry('service-request.status', { status: 'N' }, { status: 'C' }))).toEqual(
      [],
    );
    expect(
      undeclaredAuditContent(
        entry(
          'service-request.dates',
          { estimatedCompletionDate: null },
          { estimatedCompletionDate: '2099-01-10' },
        ),
      ),
    ).toEqual([]);
    expect(
      undeclaredAuditContent(
        entry('catalog.imported', null, { folders: { created: 3, updated: 0, unchanged: 1 } }),
      ),
    ).toEqual([]);
    expect(
      undeclaredAuditContent(
        entry(
          'auth.sessions-ended',
          { sessions: [{ id: 4, ip: null, browser: 'Firefox', os: 'Linux' }] },
          { sessions: [] },
        ),
      ),
    ).toEqual([]);
    expect(
      undeclaredAuditContent({
        ...entry('auth.sign-in-failed', null, { method: 'sso' }),
        reason: 'SSO_NO_ROLE',
      }),
    ).toEqual([]);
    expect(undeclaredAuditContent(entry('auth.password-reset', null, null))).toEqual([]);
  });

  it('names what the screen could not label: an unknown key or part, a code of no list, a wrong type, a reason', () => {
    const problems = (kind: (typeof AUDIT_KINDS)[number], after: object, reason: string | null = null) =>
      undeclaredAuditContent({ kind, before: null, after: after as Record<string, unknown>, reason });
    expect(problems('machines.imported', { rows: 3, nowe: 0 })).toEqual(['after.nowe: not declared']);
    expect(problems('auth.password-changed', { through: 'carrier-pigeon' })).toEqual([
      'after.through: "carrier-pigeon" is no code of password-set-through',
    ]);
    // A request's status code is not a machine's (the screen names each from its own list).
    expect(problems('machine.updated', { status: 'N' })).toEqual([
      'after.status: "N" is no code of machine-status',
    ]);
    expect(problems('machine.updated', { purchaseDate: '01.02.2026' })).toEqual([
      'after.purchaseDate: "01.02.2026" is no date',
    ]);
    expect(problems('catalog.imported', { parts: { created: 1, skipped: 2 } })).toEqual([
      'after.parts: skipped: not declared',
    ]);
    expect(problems('auth.sessions-ended', { sessions: [{ id: 1, device: 'x' }] })).toEqual([
      'after.sessions: device: not declared',
    ]);
    expect(problems('auth.sign-in-failed', {}, 'SSO_SOMETHING_NEW')).toEqual([
      'reason: "SSO_SOMETHING_NEW" is no code of sign-in-refusal',
    ]);
    expect(
      undeclaredAuditContent({
        kind: 'settings.changed',
        subjectType: 'settings',
        subjectId: 'dark-mode-default',
        before: null,
        after: null,
        reason: null,
      }),
    ).toEqual(['subject: setting "dark-mode-default" not declared']);
    // Other kinds' reasons are what a person typed.
    expect(problems('machine.assigned', {}, 'Sold to the neighbour')).toEqual([]);
  });
});

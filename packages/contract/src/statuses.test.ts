import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_STATUSES, SERVICE_REQUEST_TRANSITIONS, canTransition } from './statuses.ts';

describe('service request transitions', () => {
  it('allows only the transitions of docs/design.md', () => {
    expect(canTransition('N', 'C')).toBe(true);
    expect(canTransition('A', 'F')).toBe(true);
    expect(canTransition('N', 'F')).toBe(false);
    expect(canTransition('C', 'N')).toBe(false);
  });

  it('keeps F, X and U final', () => {
    for (const final of ['F', 'X', 'U'] as const) {
      for (const to of SERVICE_REQUEST_STATUSES) expect(canTransition(final, to)).toBe(false);
    }
  });

  it('names only known statuses as targets', () => {
    for (const targets of Object.values(SERVICE_REQUEST_TRANSITIONS)) {
      for (const t of targets) expect(SERVICE_REQUEST_STATUSES).toContain(t);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago in the reader’s language, in the largest whole unit', () => {
    expect(formatRelativeTime(ago(5 * 60), 'en', now)).toBe('5 min. ago');
    expect(formatRelativeTime(ago(3 * 3600), 'de', now)).toBe('vor 3 Std.');
    expect(formatRelativeTime(ago(2 * 86_400), 'pl', now)).toBe('przedwczoraj');
    expect(formatRelativeTime(ago(20), 'en', now)).toBe('this minute');
  });
});

import { describe, expect, it } from 'vitest';
import { staffAccountParamsOf, staffAccountSearchOf } from './params.ts';

describe('staff account list address', () => {
  it('reads the filters and page from the address and writes back only what differs from the defaults', () => {
    const params = staffAccountParamsOf(new URLSearchParams('q=nowak&role=admin&status=disabled&page=2'));
    expect(params).toMatchObject({
      q: 'nowak',
      role: ['admin'],
      status: ['disabled'],
      page: 2,
      pageSize: 20,
    });
    expect(staffAccountSearchOf(params).toString()).toBe('q=nowak&role=admin&status=disabled&page=2');
    expect(staffAccountSearchOf(staffAccountParamsOf(new URLSearchParams())).toString()).toBe('');
  });

  it('leaves out what a hand-edited link gets wrong and keeps the rest', () => {
    const params = staffAccountParamsOf(new URLSearchParams('role=customer&status=active&page=-1&q=ab'));
    expect(params).toMatchObject({ status: ['active'], page: 1 });
    expect(params.role).toBeUndefined();
    expect(params.q).toBeUndefined();
  });
});

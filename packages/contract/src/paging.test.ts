import { describe, expect, it } from 'vitest';
import { ChatCommentsQuerySchema } from './chat.ts';
import { IdSchema } from './paging.ts';
import { IdParams } from './endpoint.ts';

describe('ids', () => {
  it('are decimal numbers from 1 without leading zeros, of at most 15 digits', () => {
    for (const id of ['1', '42', '999999999999999']) expect(IdSchema.safeParse(id).success, id).toBe(true);
    for (const id of ['0', '007', '1000000000000000', '-1', '1.0', ' 1', '1e3', ''])
      expect(IdSchema.safeParse(id).success, id).toBe(false);
  });

  it('follow the one rule in the chat and the settings as in every other path and query', () => {
    expect(ChatCommentsQuerySchema.safeParse({ serviceRequestId: '0' }).success).toBe(false);
    expect(ChatCommentsQuerySchema.safeParse({ serviceRequestId: '7', before: '12' }).success).toBe(true);
    expect(IdParams.safeParse({ id: '0' }).success).toBe(false);
    expect(IdParams.safeParse({ id: '15' }).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, pageQuerySchema, pageSchema } from './common';

describe('common schemas', () => {
  it('defaults paging to page 1 of 10 and reads numbers from query text', () => {
    expect(pageQuerySchema.parse({})).toEqual({ current: 1, pageSize: 10 });
    expect(pageQuerySchema.parse({ current: '3', pageSize: '20' })).toEqual({ current: 3, pageSize: 20 });
  });

  it('refuses page 0, fractional pages and oversized pages', () => {
    expect(pageQuerySchema.safeParse({ current: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ current: '1.5' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
  });

  it('describes a page as list and total', () => {
    const page = pageSchema(z.object({ id: z.string() }));
    expect(page.parse({ list: [{ id: 'a' }], total: 41 })).toEqual({ list: [{ id: 'a' }], total: 41 });
    expect(page.safeParse({ list: [], total: -1 }).success).toBe(false);
  });

  it('accepts the error envelope with field messages and rejects unknown show-types', () => {
    const body = {
      success: false,
      errorCode: 'VALIDATION',
      errorMessage: 'Check the form',
      showType: 2,
      fields: { email: 'The input is not valid E-mail!' },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ ...body, showType: 5 }).success).toBe(false);
  });
});

import { z } from 'zod';
import { PAGE } from './constants.ts';

export const messageBody = z.object({ message: z.string() });

export const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE.maxLimit, `limit must be at most ${PAGE.maxLimit}`)
    .default(PAGE.defaultLimit),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}

export const uuidParam = z.object({ id: z.uuid('id must be a UUID') });

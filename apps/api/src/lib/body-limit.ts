import type { z } from 'zod';
import { checksOf, childrenOf, defOf } from './schema-walk.ts';

/**
 * Every /api route refuses a body larger than a valid one can be, before parsing,
 * so no validation ever runs over more text than its schema allows. The limit comes from the route's
 * body schema (its strings' and arrays' maximums), with room for escapes; routes may still set their own.
 */
export const BODY_LIMITS = {
  /** A route without a body schema: nothing to read. */
  none: 1024,
  /** A body schema with no bound (a record, an unbounded string). */
  unbounded: 16 * 1024,
  floor: 1024,
  ceiling: 256 * 1024,
} as const;

export function bodyLimitFor(body: z.ZodType | undefined): number {
  if (!body) return BODY_LIMITS.none;
  const bytes = maxJsonBytes(body);
  if (!Number.isFinite(bytes)) return BODY_LIMITS.unbounded;
  const withRoom = Math.ceil((bytes * 1.25) / 1024) * 1024;
  return Math.min(BODY_LIMITS.ceiling, Math.max(BODY_LIMITS.floor, withRoom));
}

/** JSON bytes of one UTF-16 unit at most, for text a person typed (CJK is 3 bytes; `"` and `\n` escape to 2). */
const BYTES_PER_CHAR = 3;
const NUMBER_BYTES = 24;

/**
 * The largest JSON text a valid value of this schema can be, in bytes; Infinity when nothing bounds
 * it (a string without a maximum, an array without one, a record, `unknown`). Strings are counted
 * after `.trim()`, so a body padded with spaces can be larger than this and is refused as too large.
 */
export function maxJsonBytes(schema: z.ZodType): number {
  const def = defOf(schema);
  const limit = (kind: 'max_length' | 'length_equals') => {
    const found = checksOf(def).filter((c) => c.check === kind);
    return found.length
      ? Math.min(...found.map((c) => (kind === 'max_length' ? c.maximum : c.length) ?? Infinity))
      : Infinity;
  };
  switch (def.type) {
    case 'string': {
      const max = Math.min(limit('max_length'), limit('length_equals'), def.format === 'uuid' ? 36 : Infinity);
      return max * BYTES_PER_CHAR + 2;
    }
    case 'number':
    case 'bigint':
      return NUMBER_BYTES;
    case 'boolean':
    case 'null':
    case 'undefined':
      return 5;
    case 'enum':
      return Math.max(
        ...Object.values(def.entries as Record<string, string | number>).map((v) => JSON.stringify(v).length),
      );
    case 'literal':
      return Math.max(...(def.values as unknown[]).map((v) => JSON.stringify(v)?.length ?? 0));
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).reduce(
        (sum, [key, value]) => sum + JSON.stringify(key).length + 2 + maxJsonBytes(value),
        2,
      );
    case 'array':
      return 2 + Math.min(limit('max_length'), limit('length_equals')) * (maxJsonBytes(def.element as z.ZodType) + 1);
    case 'tuple':
      return (def.items as z.ZodType[]).reduce((sum, item) => sum + maxJsonBytes(item) + 1, 2);
    case 'union':
      return Math.max(...(def.options as z.ZodType[]).map(maxJsonBytes));
    case 'pipe':
      return maxJsonBytes(def.in as z.ZodType);
    case 'nullable':
      return Math.max(5, maxJsonBytes(def.innerType as z.ZodType));
    default: {
      const inner = childrenOf(def);
      return inner.length === 1 && inner[0] ? maxJsonBytes(inner[0][1]) : Infinity;
    }
  }
}

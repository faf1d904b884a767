import type { z } from 'zod';

/**
 * Reading a zod 4 schema's definition tree. Two users: the per-route body limit (how large can a valid
 * body be?) and the linear-validation test (which strings run patterns, and is their length bounded
 * first?). Only definitions are read; nothing is parsed.
 */
export interface SchemaDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}

export interface CheckDef {
  check: string;
  abort?: boolean;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
}

export function defOf(schema: unknown): SchemaDef {
  return (schema as { _zod: { def: SchemaDef } })._zod.def;
}

export function checksOf(def: SchemaDef): CheckDef[] {
  return (def.checks ?? []).map((c) => c._zod.def);
}

/** The schemas directly inside this one, each with the path step that leads to it. */
export function childrenOf(def: SchemaDef): [step: string, schema: z.ZodType][] {
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).map(([key, s]) => [`.${key}`, s]);
    case 'array':
      return [['[]', def.element as z.ZodType]];
    case 'union':
      return (def.options as z.ZodType[]).map((s, i) => [`|${i}`, s]);
    case 'intersection':
      return [
        ['&0', def.left as z.ZodType],
        ['&1', def.right as z.ZodType],
      ];
    case 'pipe':
      return [
        ['', def.in as z.ZodType],
        ['', def.out as z.ZodType],
      ];
    case 'record':
      return [
        ['{key}', def.keyType as z.ZodType],
        ['{}', def.valueType as z.ZodType],
      ];
    case 'tuple':
      return (def.items as z.ZodType[]).map((s, i) => [`[${i}]`, s]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [['', def.innerType as z.ZodType]];
    default:
      return [];
  }
}

/** Calls `visit` for this schema and every schema inside it, depth first. */
export function walkSchema(
  schema: z.ZodType,
  visit: (def: SchemaDef, path: string, schema: z.ZodType) => void,
  path = '',
): void {
  const def = defOf(schema);
  visit(def, path, schema);
  for (const [step, child] of childrenOf(def)) walkSchema(child, visit, `${path}${step}`);
}

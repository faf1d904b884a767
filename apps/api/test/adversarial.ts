// The inputs that make a backtracking regular expression slow, built for every string
// a route validates. Shared by the linear-validation test and `npm run bench` (which times them).
import type { ZodType } from 'zod';
import type { RouteEntry } from '../src/app.ts';
import { bodyLimitFor } from '../src/lib/body-limit.ts';
import { type CheckDef, checksOf, type SchemaDef, walkSchema } from '../src/lib/schema-walk.ts';

const PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** A string schema reached from a route that runs a pattern or a refinement on what it is given. */
export interface StringTarget {
  /** `POST /api/auth/login body.email` */
  where: string;
  schema: ZodType;
  checks: CheckDef[];
  /** The patterns it runs (format patterns included). */
  patterns: RegExp[];
  /** Its maximum length, if it has one. */
  max?: number;
  /** The largest body its route accepts: the longest string an attacker can send it. */
  bodyLimit: number;
}

/** The zod schemas of every part of every route. */
export function routeSchemas(routes: RouteEntry[]): { route: RouteEntry; part: string; schema: ZodType }[] {
  return routes.flatMap((route) =>
    PARTS.flatMap((part) => {
      const schema = route.schema?.[part] as ZodType | undefined;
      return schema && '_zod' in schema ? [{ route, part, schema }] : [];
    }),
  );
}

const RUNS_CODE = new Set(['string_format', 'custom']);

function patternsOf(def: SchemaDef, checks: CheckDef[]): RegExp[] {
  const own = def.pattern instanceof RegExp ? [def.pattern] : [];
  return [...own, ...checks.flatMap((c) => (c.pattern ? [c.pattern] : []))];
}

export function stringTargets(routes: RouteEntry[]): StringTarget[] {
  const targets: StringTarget[] = [];
  for (const { route, part, schema } of routeSchemas(routes)) {
    const bodyLimit = bodyLimitFor(route.schema?.body as ZodType | undefined);
    walkSchema(schema, (def, path, node) => {
      if (def.type !== 'string') return;
      const checks = checksOf(def);
      const patterns = patternsOf(def, checks);
      if (patterns.length === 0 && !checks.some((c) => RUNS_CODE.has(c.check))) return;
      const maxima = checks.flatMap((c) => (c.check === 'max_length' && c.maximum !== undefined ? [c.maximum] : []));
      targets.push({
        where: `${route.method} ${route.url} ${part}${path}`,
        schema: node,
        checks,
        patterns,
        max: maxima.length ? Math.min(...maxima) : undefined,
        bodyLimit: part === 'body' ? bodyLimit : 16 * 1024,
      });
    });
  }
  return targets;
}

/** The characters a pattern treats specially, plus those that end or split typical inputs. */
export function specialCharacters(target: StringTarget): string[] {
  const fromPatterns = target.patterns.flatMap((p) => [...p.source].filter((c) => !/[A-Za-z0-9\\]/.test(c)));
  return [...new Set([...fromPatterns, '@', '.', '-', ' ', '\t', 'a', 'A', '1', '\u00e9', '’', '\u0000'])];
}

/**
 * The classic slow inputs, `length` characters long: a run of one special character, a run of pairs,
 * and each with a tail that makes the match fail at the very end (what forces a backtracking engine to
 * try every split).
 */
export function adversarialStrings(target: StringTarget, length: number): string[] {
  const specials = specialCharacters(target);
  const out: string[] = [];
  for (const a of specials) {
    out.push(a.repeat(length), `${a.repeat(length - 1)}!`, `a@${a.repeat(Math.max(0, length - 3))}@`);
  }
  for (let i = 0; i + 1 < specials.length; i++) {
    out.push(`${specials[i]}${specials[i + 1]}`.repeat(length / 2));
  }
  return out;
}

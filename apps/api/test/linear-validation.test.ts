// One request must never freeze the shop. Every validation runs in linear time:
// patterns are free of catastrophic backtracking (proved by recheck's static analysis, not by luck
// with inputs), a string's length is checked before any pattern runs on it, and a route reads no more
// body than its schema can accept. The figures (worst validation time at each route's largest body)
// are in `npm run bench`, not here: no test here reads the clock.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { bodyLimitFor, maxJsonBytes } from '../src/lib/body-limit.ts';
import { adversarialStrings, type StringTarget, specialCharacters, stringTargets } from './adversarial.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// recheck's pure-JS backend runs in this process: no binary, no worker, the same verdict everywhere.
process.env.RECHECK_SYNC_BACKEND = 'pure';

const verdicts = new Map<string, string | undefined>();

/** recheck's verdict on one pattern: `safe` means no input makes it backtrack more than linearly. */
function backtracking(pattern: RegExp): string | undefined {
  const key = `${pattern}`;
  if (!verdicts.has(key)) {
    const result = checkSync(pattern.source, pattern.flags, { timeout: 30_000 });
    verdicts.set(key, result.status === 'safe' ? undefined : `${pattern} is ${result.status}`);
  }
  return verdicts.get(key);
}

/** recheck analyses each pattern for up to a second or two on a busy machine. */
const ANALYSIS_TIMEOUT_MS = 180_000;

/**
 * A pattern without `*`, `+` or `{n,}` outside its character classes matches a bounded number of
 * characters (a UUID, a date, a country code): it gives up within that many, whatever follows.
 */
function fixedShape(pattern: RegExp): boolean {
  const outsideClasses = pattern.source.replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
  return !/[*+]|\{\d+,\}/.test(outsideClasses);
}

let t: TestApp;
let routes: RouteEntry[];
let targets: StringTarget[];

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable;
  targets = stringTargets(routes);
});
afterAll(async () => t?.close());

describe('linear-time validation', () => {
  it('finds the strings it checks (the walk reaches the sign-in e-mail and the sign-up password)', () => {
    const where = targets.map((target) => target.where);
    expect(where).toContain('POST /api/auth/login body.email');
    expect(where).toContain('POST /api/auth/register body.password');
    expect(targets.length).toBeGreaterThan(40);
  });

  it(
    'every pattern a route validates with is free of super-linear backtracking',
    () => {
      const patterns = new Map(targets.flatMap((target) => target.patterns.map((p) => [`${p}`, p] as const)));
      const slow = [...patterns.values()].flatMap((p) => backtracking(p) ?? []);
      expect(slow).toEqual([]);
    },
    ANALYSIS_TIMEOUT_MS,
  );

  it(
    'every regular expression literal in the source is free of super-linear backtracking',
    () => {
      const files = execFileSync('git', ['ls-files', 'packages/*/src/*.ts', 'apps/api/src/*', 'apps/web/app/*'], {
        cwd: ROOT,
        encoding: 'utf8',
      })
        .split('\n')
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && fs.existsSync(path.join(ROOT, f)));
      const found: string[] = [];
      for (const file of files) {
        const source = ts.createSourceFile(
          file,
          fs.readFileSync(path.join(ROOT, file), 'utf8'),
          ts.ScriptTarget.Latest,
        );
        const visit = (node: ts.Node) => {
          if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
            const text = node.getText(source);
            const end = text.lastIndexOf('/');
            const verdict = backtracking(new RegExp(text.slice(1, end), text.slice(end + 1)));
            if (verdict) found.push(`${file}: ${verdict}`);
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
      expect(files.length).toBeGreaterThan(100);
      expect(found).toEqual([]);
    },
    ANALYSIS_TIMEOUT_MS,
  );

  it(
    'every postcode pattern of the country list the address check uses is free of super-linear backtracking',
    async () => {
      const { POSTCODE_REGEXES } = await import('postcode-validator/lib/cjs/postcode-regexes.js');
      const patterns = [...POSTCODE_REGEXES.values()];
      expect(patterns.length).toBeGreaterThan(150);
      expect(patterns.flatMap((p) => backtracking(p) ?? [])).toEqual([]);
    },
    ANALYSIS_TIMEOUT_MS,
  );

  it('every string that runs a refinement or an open-ended pattern stops at its maximum length first', () => {
    const unbounded = targets.flatMap((target) => {
      const own = target.schema._zod.def as { pattern?: RegExp };
      const scans = (c: { check: string; pattern?: RegExp }) =>
        c.check === 'custom' || (c.check === 'string_format' && !(c.pattern && fixedShape(c.pattern)));
      const first = target.checks.findIndex(scans);
      const bound = target.checks.findIndex((c) => c.check === 'max_length' && c.abort === true);
      const openFormat = own.pattern !== undefined && !fixedShape(own.pattern);
      return openFormat || (first !== -1 && (bound === -1 || bound > first)) ? [target.where] : [];
    });
    expect(unbounded).toEqual([]);
  });

  it('a string longer than its maximum gets only the length message, whatever it is made of', () => {
    for (const target of targets.filter((candidate) => candidate.max !== undefined)) {
      const max = target.max ?? 0;
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom(...specialCharacters(target)), minLength: 1, maxLength: 64 }),
          fc.integer({ min: max + 1, max: target.bodyLimit }),
          (unit, length) => {
            // Framed by letters so that trimming cannot bring it under the maximum.
            const input = `x${unit.repeat(Math.ceil(length / unit.length)).slice(0, length - 1)}x`;
            const result = target.schema.safeParse(input);
            expect(result.success, target.where).toBe(false);
            expect(result.error?.issues.map((i) => i.code)).toEqual(['too_big']);
          },
        ),
        { numRuns: 20 },
      );
    }
  });

  it('the classic slow inputs at a route’s largest body are refused by length alone', () => {
    for (const target of targets.filter((candidate) => candidate.max !== undefined)) {
      for (const input of adversarialStrings(target, target.bodyLimit)) {
        const result = target.schema.safeParse(input);
        const codes = result.success ? [] : result.error.issues.map((i) => i.code);
        if (input.trim().length > (target.max ?? 0)) expect(codes, target.where).toEqual(['too_big']);
      }
    }
  });

  it('an API route reads no more body than its schema can accept', async () => {
    const login = routes.find((r) => r.method === 'POST' && r.url === '/api/auth/login');
    const limit = bodyLimitFor(login?.schema?.body as never);
    expect(limit).toBeLessThanOrEqual(4 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `a@${'.'.repeat(limit)}@`, password: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a largest valid body still fits its route’s limit (sign-up with every field at its maximum)', async () => {
    const register = routes.find((r) => r.method === 'POST' && r.url === '/api/auth/register');
    const schema = register?.schema?.body as never;
    const body = {
      first_name: 'É'.repeat(100),
      last_name: 'Ø'.repeat(100),
      username: 'u'.repeat(50),
      email: `${'e'.repeat(240)}@shop.test`,
      password: `Aa1${'ü'.repeat(253)}`,
    };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(maxJsonBytes(schema));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).not.toBe(413);
  });
});

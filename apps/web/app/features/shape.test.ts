import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * Every feature has one shape (docs/architecture.md §3.2): `index.ts`, its public face; `api/`, every
 * HTTP call, one file per operation; `components/`, every component; pure rules at the root; and
 * optionally `testing/`, test helpers. This walks apps/web/app/features and names each file or folder
 * that breaks it; a second case plants violations and checks they are reported.
 */
const features = path.dirname(fileURLToPath(import.meta.url));

/** The folders a feature may hold. */
const FOLDERS = new Set(['api', 'components', 'testing']);

/** Past this many non-test files at its root, a feature is split by sub-domain into features of its own. */
const MAX_ROOT_FILES = 25;

/**
 * Temporary exemptions: files or folders, relative to features/, as the report names them.
 * Checkout is being rewritten on another branch: when that work lands with a root file that breaks the
 * shape, list it here with a comment, and remove the entry once the file has moved (its HTTP call into
 * checkout/api/, its component into checkout/components/). Empty today: every feature has the shape.
 */
const ALLOWED: ReadonlySet<string> = new Set<string>([]);

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The source without its comments, so a comment that mentions `fetch(` is not a call. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * Whether a module makes an HTTP call itself: it takes `api` or `createApi` from lib/http.ts (statically
 * or with `import()`), takes `adminApi` from anywhere, or calls `fetch(`.
 */
export function callsHttp(source: string): boolean {
  const text = code(source);
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]*\/lib\/http\.ts['"]/g)) {
    const names = match[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]);
    if (names.some((name) => name === 'api' || name === 'createApi')) return true;
  }
  if (/import\(\s*['"][^'"]*\/lib\/http\.ts['"]\s*\)/.test(text) && /\b(?:api|createApi)\b/.test(text)) return true;
  if (/import\s*\{[^}]*\badminApi\b[^}]*\}\s*from/.test(text) || /\.adminApi\b/.test(text)) return true;
  return /(?<![\w$])fetch\s*\(/.test(text);
}

/** Every way the features under `root` break the shape, one line each (paths relative to `root`). */
export function shapeViolations(root: string): string[] {
  const problems: string[] = [];
  const report = (file: string, problem: string) => {
    if (!ALLOWED.has(file)) problems.push(`${file}: ${problem}`);
  };
  for (const feature of fs.readdirSync(root, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const dir = path.join(root, feature.name);
    if (!fs.existsSync(path.join(dir, 'index.ts'))) report(feature.name, 'a feature has an index.ts, its public face');
    let rootFiles = 0;
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        const relative = path.relative(root, full).split(path.sep).join('/');
        const [, top, ...rest] = relative.split('/');
        if (entry.isDirectory()) {
          if (folder === dir && !FOLDERS.has(entry.name)) {
            report(relative, 'a feature holds only api/, components/ and testing/ folders');
          }
          walk(full);
          continue;
        }
        if (!/\.tsx?$/.test(entry.name)) continue;
        const atRoot = rest.length === 0;
        if (atRoot && !isTest(entry.name)) rootFiles += 1;
        if (entry.name.endsWith('.tsx') && !isTest(entry.name) && top !== 'components') {
          report(relative, 'a component (.tsx) lives in components/');
        }
        if (top !== 'api' && callsHttp(fs.readFileSync(full, 'utf8'))) {
          report(relative, 'an HTTP call (api, createApi, adminApi, fetch) lives in api/, one file per operation');
        }
      }
    };
    walk(dir);
    if (rootFiles > MAX_ROOT_FILES) {
      report(feature.name, `${rootFiles} files at the root, more than ${MAX_ROOT_FILES}: split it by sub-domain`);
    }
  }
  return problems;
}

const planted: string[] = [];

afterEach(() => {
  for (const file of planted.splice(0)) fs.rmSync(file, { recursive: true, force: true });
});

/** Writes `body` at `where` (relative to features/); `remove` (the file itself by default) goes in afterEach. */
function plant(where: string, body: string, remove = where): void {
  const file = path.join(features, where);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  planted.push(path.join(features, remove));
}

describe('web features: one shape', () => {
  it('every feature has index.ts, api/, components/ and pure rules at its root, nothing else', () => {
    expect(shapeViolations(features)).toEqual([]);
  });

  it('reports each planted violation, and nothing once they are gone', () => {
    const pid = process.pid;
    const before = shapeViolations(features);
    plant(`cart/probe-${pid}.tsx`, 'export const Probe = () => null;\n');
    plant(`cart/probe-http-${pid}.ts`, "import { api } from '../../lib/http.ts';\n\nexport const probe = api;\n");
    plant(`cart/probe-lazy-${pid}.ts`, "export const probe = async () => (await import('../../lib/http.ts')).api;\n");
    plant(`cart/components/probe-fetch-${pid}.tsx`, "export const probe = () => fetch('/api/cart');\n");
    plant(
      `cart/probe-admin-${pid}.ts`,
      "import { adminApi } from '../admin/index.ts';\n\nexport const probe = adminApi;\n",
    );
    plant(`cart/probe-${pid}/rule.ts`, 'export const probe = 1;\n', `cart/probe-${pid}`);
    // A feature without index.ts, and with too many files at its root.
    for (let i = 0; i < 27; i += 1) plant(`probe-${pid}/rule-${i}.ts`, 'export const probe = 1;\n', `probe-${pid}`);

    const found = shapeViolations(features).filter((problem) => !before.includes(problem));
    expect(found.sort()).toEqual(
      [
        `cart/probe-${pid}.tsx: a component (.tsx) lives in components/`,
        `cart/probe-http-${pid}.ts: an HTTP call (api, createApi, adminApi, fetch) lives in api/, one file per operation`,
        `cart/probe-lazy-${pid}.ts: an HTTP call (api, createApi, adminApi, fetch) lives in api/, one file per operation`,
        `cart/components/probe-fetch-${pid}.tsx: an HTTP call (api, createApi, adminApi, fetch) lives in api/, one file per operation`,
        `cart/probe-admin-${pid}.ts: an HTTP call (api, createApi, adminApi, fetch) lives in api/, one file per operation`,
        `cart/probe-${pid}: a feature holds only api/, components/ and testing/ folders`,
        `probe-${pid}: a feature has an index.ts, its public face`,
        `probe-${pid}: 27 files at the root, more than 25: split it by sub-domain`,
      ].sort(),
    );

    for (const file of planted.splice(0)) fs.rmSync(file, { recursive: true, force: true });
    expect(shapeViolations(features)).toEqual(before);
  });

  it('tells an HTTP call from a mention of one', () => {
    expect(callsHttp("import { failureMessage } from '../../lib/http.ts';\n")).toBe(false);
    expect(callsHttp('// fetch( in a comment\nqueryClient.prefetchQuery(options);\n')).toBe(false);
    expect(callsHttp('void refetch();\n')).toBe(false);
    expect(callsHttp("import { api, failureOf } from '../../lib/http.ts';\n")).toBe(true);
    expect(callsHttp("await fetch('/api/auth/logout');\n")).toBe(true);
    expect(callsHttp("export { adminApi } from './api/client.ts';\n")).toBe(false);
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The web app's layers run one way — lib → components → features → routes — and a
 * feature is used by others only through its index.ts. `npm run lint` enforces it (biome.json,
 * noRestrictedImports per folder). This plants imports in temporary files where the app's own files
 * live, lints them with the project's Biome and configuration, and removes them again.
 */
const app = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(app, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');

const planted: string[] = [];

/** Writes a module at `where` (relative to app/) that imports `specifier`; returns its path. */
function plant(where: string, specifier: string, dynamic = false): string {
  const file = path.join(app, where.replace(/(\.tsx?)$/, `.layers-probe-${process.pid}$1`));
  const body = dynamic
    ? `export const probe = () => import('${specifier}');\n`
    : `import * as probe from '${specifier}';\n\nexport { probe };\n`;
  fs.writeFileSync(file, body);
  planted.push(file);
  return file;
}

/** Lints the given files; the diagnostics' text per file, and whether the check passed. */
function lint(files: string[]): { passed: boolean; output: string } {
  const result = spawnSync(biome, ['lint', '--max-diagnostics=none', ...files], { cwd: root, encoding: 'utf8' });
  return { passed: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  for (const file of planted.splice(0)) fs.rmSync(file, { force: true });
});

/** [where the importing file lives, what it imports, the message expected, the allowed alternative]. */
const VIOLATIONS: [string, string, string, string][] = [
  ['lib/probe.ts', '../features/auth/index.ts', 'lib is the bottom layer', './cn.ts'],
  ['lib/testing/probe.ts', '../../components/ui/button.tsx', 'lib is the bottom layer', '../cn.ts'],
  ['components/ui/probe.tsx', '../../features/auth/index.ts', 'components import only lib', '../../lib/cn.ts'],
  ['components/layout/probe.tsx', '../../routes/shop/home.tsx', 'components import only lib', './container.tsx'],
  ['features/catalog/probe.ts', '../auth/session-store.ts', 'only through its index.ts', '../auth/index.ts'],
  [
    'features/orders/components/probe.tsx',
    '../../auth/session-store.ts',
    'only through its index.ts',
    '../../auth/index.ts',
  ],
  ['features/content/probe.ts', '../../routes/shop/home.tsx', 'a feature never imports a route', '../../lib/cn.ts'],
];

describe('web layers: npm run lint fails on an import against them', () => {
  it('fails on each planted violation, with the rule it breaks, and passes once it is gone', () => {
    const files = VIOLATIONS.map(([where, bad]) => plant(where, bad));
    const failing = lint(files);
    expect(failing.passed).toBe(false);
    VIOLATIONS.forEach(([where, bad, message], i) => {
      // Biome heads each diagnostic with the file's path, then the rule, then the message.
      const relative = path.relative(root, files[i]!);
      const diagnostic = failing.output.split(/\n(?=\S+:\d+:\d+ )/).find((d) => d.startsWith(relative));
      expect(diagnostic, `${where} importing ${bad}`).toContain('lint/style/noRestrictedImports');
      expect(diagnostic, `${where} importing ${bad}`).toContain(message);
    });

    VIOLATIONS.forEach(([, , , good], i) => {
      fs.writeFileSync(files[i]!, `import * as probe from '${good}';\n\nexport { probe };\n`);
    });
    const passing = lint(files);
    expect(passing.output).not.toContain('noRestrictedImports');
    expect(passing.passed).toBe(true);
  });

  it('counts lazy imports too: a dynamic import of another feature’s module fails', () => {
    const file = plant('features/catalog/probe.ts', '../auth/api/sign-out.ts', true);
    const { passed, output } = lint([file]);
    expect(passed).toBe(false);
    expect(output).toContain('only through its index.ts');
  });
});

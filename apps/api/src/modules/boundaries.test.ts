import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * A module uses another only through its index.ts (biome.json enforces it in
 * `npm run lint`), and no chain of runtime imports leads from a module back to itself. A cycle of
 * index files type-checks and passes every in-process test, yet fails the real start, whose first
 * import is a different file (`Cannot access 'adminDoc' before initialization`).
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(src, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');

const planted: string[] = [];
afterEach(() => {
  for (const file of planted.splice(0)) fs.rmSync(file, { force: true });
});

function lintProbe(specifier: string): { passed: boolean; output: string } {
  const file = path.join(src, 'modules/cart', `boundary-probe-${process.pid}.ts`);
  fs.writeFileSync(file, `import * as probe from '${specifier}';\n\nexport { probe };\n`);
  planted.push(file);
  const result = spawnSync(biome, ['lint', file], { cwd: root, encoding: 'utf8' });
  return { passed: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** The runtime (not `import type`) relative imports of every source file, resolved to paths. */
function runtimeImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const statement = /^(?:import|export)\s+(type\s+)?(?:[\w$*\s,]*\{[^}]*\}|[\w$*\s,]+)\s+from\s+'(\.[^']+)'/gm;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        const targets = [...text.matchAll(statement)]
          .filter((m) => !m[1])
          .map((m) => path.resolve(path.dirname(full), m[2]!));
        graph.set(full, targets);
      }
    }
  };
  walk(src);
  return graph;
}

describe('API module boundaries', () => {
  it('npm run lint refuses an import of another module’s internals and accepts its index.ts', () => {
    const internal = lintProbe('../catalog/wire.ts');
    expect(internal.passed).toBe(false);
    expect(internal.output).toContain('use another module only through its index.ts');
    expect(lintProbe('../catalog/index.ts').passed).toBe(true);
  });

  it('no runtime import cycle: the start can load the modules in any order', () => {
    const graph = runtimeImports();
    expect(graph.size).toBeGreaterThan(100);
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === 'open') {
          cycles.push([...trail.slice(trail.indexOf(next)), next].map((f) => path.relative(src, f)).join(' → '));
        } else if (!state.has(next)) visit(next, [...trail, next]);
      }
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A test that times our own code fails on a busy machine, not on a slow shop. Speed is
// a figure in `npm run bench`; documented timings are tested on fake timers or a controllable clock. This scan
// keeps stopwatches out of every test file: no high-resolution timer, no elapsed wall-clock time.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const TEST_FILE = /\.(test|spec)\.tsx?$/;
const STOPWATCH = [
  /performance\.now\(/,
  /process\.hrtime/,
  // now - start: an elapsed time (date arithmetic such as "now - 3 days" is fine)
  /(Date\.now\(\)|new Date\(\)\.getTime\(\))\s*-\s*\(?\s*(start|began|begin|before|t0|then)/i,
  /console\.time\(/,
];

function* testFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'build') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (TEST_FILE.test(entry.name)) yield full;
  }
}

describe('tests measure no wall-clock time', () => {
  it('finds tests to scan', () => {
    expect([...testFiles(path.join(ROOT, 'e2e'))].length).toBeGreaterThan(10);
    expect([...testFiles(path.join(ROOT, 'apps'))].length).toBeGreaterThan(50);
  });

  it('no test file starts a stopwatch', () => {
    const found: string[] = [];
    for (const dir of ['apps', 'packages', 'e2e']) {
      for (const file of testFiles(path.join(ROOT, dir))) {
        if (file === import.meta.filename) continue;
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (STOPWATCH.some((p) => p.test(line)))
              found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});

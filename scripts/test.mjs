// `npm test`: everything CI checks, in the order a failure is cheapest to find — lint, types, build,
// unit + API integration (real PostgreSQL), browser end-to-end. Ends with one plain 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `◀ ${name}: ${result.status === 0 ? 'ok' : `failed (${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += (stats?.unexpected ?? 0) + (stats?.skipped ?? 0);
}

let ok = step('lint', 'npx', ['biome', 'check', '.']);
ok = step('typecheck', 'npm', ['run', '-s', 'typecheck']) && ok;
ok = step('build', 'npm', ['run', '-s', 'build']) && ok;

function vitest(name, file, args, env) {
  const json = path.join(tmp, file);
  fs.rmSync(json, { force: true });
  const passedStep = step(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    env,
  );
  countVitest(json);
  return passedStep;
}

// The default run needs no services: the API suite starts its own embedded PostgreSQL.
ok =
  vitest(
    'unit + API integration tests (embedded PostgreSQL)',
    'vitest.json',
    ['--project', 'unit', '--project', 'api'],
    {
      TEST_DATABASE_URL: '',
    },
  ) && ok;
// Real shop processes under faults, on databases of their own; once, after the suites above.
ok =
  vitest('operations tests (real processes, faults)', 'vitest-ops.json', ['--project', 'ops'], {
    TEST_DATABASE_URL: '',
  }) && ok;
// With TEST_DATABASE_URL (CI sets it when the machine's PostgreSQL answers) the API suite runs there too;
// with TEST_REDIS_URL (set when the machine's Redis answers) so do the tests of several processes sharing it.
if (process.env.TEST_DATABASE_URL) {
  const redis = process.env.TEST_REDIS_URL ? ['--project', 'redis'] : [];
  ok =
    vitest('API integration tests (TEST_DATABASE_URL)', 'vitest-external.json', ['--project', 'api', ...redis]) && ok;
}

const hasE2e =
  fs.existsSync(path.join(root, 'e2e')) && fs.readdirSync(path.join(root, 'e2e')).some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  const pwJson = path.join(tmp, 'playwright.json');
  fs.rmSync(pwJson, { force: true });
  ok = step('browser end-to-end tests', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson }) && ok;
  countPlaywright(pwJson);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('logStrayRejections', () => {
  it('logs a rejection nobody handled and the process carries on', () => {
    const logger = path.join(import.meta.dirname, 'logger.ts');
    const script = `
      import { createLogger, logStrayRejections } from ${JSON.stringify(logger)};
      logStrayRejections(createLogger('info'));
      Promise.reject(new Error('a stray failure'));
      setTimeout(() => process.stdout.write('still serving\\n'), 50);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('still serving');
    const entry = JSON.parse(lines[0]!) as { level: number; msg: string; err: { message: string } };
    expect(entry).toMatchObject({ level: 50, msg: 'unhandled promise rejection', err: { message: 'a stray failure' } });
  });
});

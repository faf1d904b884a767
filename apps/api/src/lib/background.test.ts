import { describe, expect, it } from 'vitest';
import { createBackground } from './background.ts';

function setup() {
  const errors: unknown[] = [];
  return { errors, background: createBackground({ error: (obj) => errors.push(obj) }) };
}

describe('createBackground', () => {
  it('drain waits for every task and for the tasks those start', async () => {
    const { background } = setup();
    const done: string[] = [];
    background.run('outer', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push('outer');
      background.run('inner', async () => {
        done.push('inner');
      });
    });
    expect(done).toEqual([]);
    await background.drain();
    expect(done).toEqual(['outer', 'inner']);
  });

  it('logs a failed task under its name and never rejects', async () => {
    const { background, errors } = setup();
    const failure = new Error('smtp down');
    background.run('reset-mail', async () => {
      throw failure;
    });
    await expect(background.drain()).resolves.toBeUndefined();
    expect(errors).toEqual([{ err: failure, task: 'reset-mail' }]);
  });

  it('drains at once when nothing runs', async () => {
    await expect(setup().background.drain()).resolves.toBeUndefined();
  });
});

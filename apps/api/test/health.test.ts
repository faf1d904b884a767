import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', jobs: 'off' });
  });

  // Readiness reports the job runner where the process runs one, and is not ready while it
  // does not (stopped: e.g. its connection lost); a process that runs no jobs is not held to it.
  it('reports the job runner: ready while it runs, 503 while it should run and does not', async () => {
    await t.app.jobs.start();
    t.app.services.health.watchJobs(t.app.jobs.state);
    try {
      const running = await t.app.inject('/api/ready');
      expect([running.statusCode, running.json()]).toEqual([200, { status: 'ready', database: 'up', jobs: 'running' }]);
      await t.app.jobs.stop();
      const stopped = await t.app.inject('/api/ready');
      expect([stopped.statusCode, stopped.json()]).toEqual([
        503,
        { status: 'unavailable', database: 'up', jobs: 'stopped' },
      ]);
      expect(stopped.headers['retry-after']).toBeDefined();
    } finally {
      await t.app.jobs.stop();
      t.app.services.health.watchJobs(() => 'off');
    }
  });

  it('counts the job queue in /metrics', async () => {
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toMatch(/^shop_jobs\{state="queued"\} \d+$/m);
    expect(metrics).toMatch(/^shop_jobs\{state="failed"\} \d+$/m);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  // `/api/docs` without its slash linked its assets under `/docs/static/*` (404).
  it.each(['/api/docs', '/api/docs/'])('%s links only assets that exist', async (url) => {
    const page = await t.app.inject(url);
    expect(page.statusCode).toBe(200);
    const links = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      const asset = new URL(link, `http://shop.test${url}`).pathname;
      expect([asset, (await t.app.inject(asset)).statusCode]).toEqual([asset, 200]);
    }
  });
});

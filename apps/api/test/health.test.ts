import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
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

  // Issue 11 point 4: `/api/docs` without its slash linked its assets under `/docs/static/*` (404).
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from './cart-fixtures.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';
import { ensureWebBuild } from './web-build.ts';

/** The owner's colours: checked at WCAG AA before they are kept, then what the storefront's pages paint with. */

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ web: true });
  headers = await authHeaders(t, await createUser(t, { role: 'admin' }));
});
afterAll(() => t.close());

type Colors = { primary: string; primary_text: string; accent: string };
const settings = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).json() as Record<string, unknown> & {
    brand_colors: Colors;
  };
const putColors = async (colors: Partial<Colors>) => {
  const current = await settings();
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers,
    payload: { ...current, brand_colors: { ...current.brand_colors, ...colors } },
  });
};
const homePage = async () => (await t.app.inject({ url: '/' })).body;

describe('brand colours', () => {
  it('a new shop paints with the demo’s colours', async () => {
    expect((await settings()).brand_colors).toEqual({ primary: '#0f172a', primary_text: '#ffffff', accent: '#b91c1c' });
    expect(await homePage()).toContain(
      ':root{--shop-primary:#0f172a;--shop-primary-text:#ffffff;--shop-accent:#b91c1c}',
    );
  });

  it('refuses a pair below AA contrast with its ratio, and keeps what it had', async () => {
    const cases: [Partial<Colors>, string][] = [
      [
        { primary: '#777777', primary_text: '#ffffff' },
        'Text on the primary colour has a contrast of 4.47:1; WCAG AA needs at least 4.5:1',
      ],
      [{ primary: '#fde047', primary_text: '#fefce8' }, 'Text on the primary colour has a contrast of 1.'],
      [{ accent: '#f87171' }, 'White text on the accent colour has a contrast of 2.76:1; WCAG AA needs at least 4.5:1'],
    ];
    for (const [colors, message] of cases) {
      const res = await putColors(colors);
      expect(res.statusCode, JSON.stringify(colors)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await settings()).brand_colors.primary).toBe('#0f172a');
  });

  it('takes only #rrggbb: nothing else can reach the style sheet', async () => {
    for (const value of ['red', '#fff', '#0f172a;}body{display:none', 'url(x)', '#0f172a ', 42]) {
      const res = await putColors({ primary: value as string });
      // A trailing space is trimmed: that one is the colour it names.
      if (value === '#0f172a ') expect(res.statusCode).toBe(200);
      else expect(res.statusCode, String(value)).toBe(400);
    }
  });

  it('keeps a passing pair, in lower case, and every storefront page paints with it', async () => {
    const res = await putColors({ primary: '#1D4ED8', primary_text: '#FFFFFF', accent: '#15803d' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await settings()).brand_colors).toEqual({ primary: '#1d4ed8', primary_text: '#ffffff', accent: '#15803d' });
    const style = ':root{--shop-primary:#1d4ed8;--shop-primary-text:#ffffff;--shop-accent:#15803d}';
    expect(await homePage()).toContain(style);
    expect((await t.app.inject({ url: '/products' })).body).toContain(style);
    await putColors({ primary: '#0f172a', primary_text: '#ffffff', accent: '#b91c1c' });
  });
});

// The admin area as the browser tests see it: every /admin page of the route table, and signing in
// as staff through the admin login page.

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import routes from '../../apps/web/app/routes.ts';
import { expectAccessible } from './axe.ts';
import { type Account, adminAccount, apiLogin } from './session.ts';

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every page under /admin in apps/web/app/routes.ts except the sign-in page, with its route file. */
export function adminPages(): { file: string; path: string }[] {
  const found: { file: string; path: string }[] = [];
  const walk = (entries: RouteEntry[], base: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, '/') : base;
      if (entry.children) walk(entry.children, path);
      else if (path.startsWith('/admin') && entry.file.startsWith('routes/admin/') && !path.startsWith('/admin/auth/'))
        found.push({ file: entry.file, path: path || '/' });
    }
  };
  walk(routes as RouteEntry[], '');
  return found;
}

/** Signs in at /admin/auth/login (docs/product.md §2) and waits for the dashboard. */
export async function adminSignIn(page: Page, account: Account = adminAccount) {
  await page.goto('/admin/auth/login');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
}

/**
 * Opens the audit log, filters it by action (and the e2e admin as actor) and finds the newest
 * entry, or the one about `entityId`; with `contains`, its before/after details must show that text.
 */
export async function findInAuditLog(page: Page, entry: { action: string; entityId?: string; contains?: string }) {
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByLabel('Action').fill(entry.action);
  await page.getByLabel('Actor e-mail').fill(adminAccount.email);
  const rows = page.getByRole('row').filter({ hasText: entry.action });
  const row = (entry.entityId ? rows.filter({ hasText: entry.entityId }) : rows).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Show details of ${entry.action}` }).click();
  if (entry.contains) await expect(page.getByRole('table', { name: 'Before and after' })).toContainText(entry.contains);
}

/** axe on the page once it has settled: no serious or critical violation (docs/architecture.md §9). */
export async function noSeriousViolations(page: Page, label = page.url()) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expectAccessible(page, { label });
}

export type Json = Record<string, unknown>;

/**
 * One call to the admin API as the e2e admin (`path` under /api/admin/), expecting 200: how shop-wide
 * specs read the settings they change and put them back.
 */
export async function adminCall(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: each spec reads the answer's fields it asked for
): Promise<any> {
  const { access } = await apiLogin(request, adminAccount);
  const res = await request.fetch(`/api/admin/${path}`, {
    method,
    headers: { authorization: `Bearer ${access}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBe(method === 'POST' ? 201 : 200);
  return res.json();
}

/**
 * For a shop-wide spec that changes the store settings: reads them before its tests and puts them back
 * after; answers a getter of the settings as they were.
 */
export function keepStoreSettings(): () => Json {
  let original: Json | undefined;
  test.beforeAll(async ({ request }) => {
    original = await adminCall(request, 'GET', 'settings');
  });
  test.afterAll(async ({ request }) => {
    if (original) await adminCall(request, 'PUT', 'settings', original);
  });
  return () => {
    if (!original) throw new Error('the store settings were not read yet');
    return original;
  };
}

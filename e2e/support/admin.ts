// The admin area as the browser tests see it: every /admin page of the route table, and signing in
// as staff through the admin login page.
import { expect, type Page } from '@playwright/test';
import routes from '../../apps/web/app/routes.ts';
import { type Account, adminAccount } from './session.ts';

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

/** Signs in at /admin/auth/login (spec §2) and waits for the dashboard. */
export async function adminSignIn(page: Page, account: Account = adminAccount) {
  await page.goto('/admin/auth/login');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
}

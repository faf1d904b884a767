// Helpers of the shell and authentication browser tests (navbar, auth, footer, contact, session): real
// accounts made through the API, the storefront's stored session (docs/product.md §3), the admin outbox where
// staff see the shop's mails, and the test mailbox where they are delivered with their links.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { E2E_ADMIN, MAIL_SINK } from '../../playwright.config.ts';

export interface Account {
  email: string;
  password: string;
}
export interface LoginAnswer {
  access: string;
  refresh: string;
  user: { id: string; email: string; role: string; first_name: string; last_name: string; username: string };
}

/**
 * The auth routes are rate limited per client (5 sign-ups, 10 sign-ins per e-mail a minute). Browser
 * tests all come from one address, so a refused call waits as long as the API says and tries again.
 */
async function patiently(call: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let i = 0; ; i++) {
    const res = await call();
    if (res.status() !== 429 || i === 3) return res;
    const seconds = Number(res.headers()['retry-after'] ?? '10');
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  }
}

/** A fresh customer account, made through the API (docs/product.md §7 register). */
export async function registerCustomer(request: APIRequestContext, label: string): Promise<Account> {
  const tag = `${label}-${randomUUID().slice(0, 8)}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
  const account = { email: `${tag}@e2e.test`, password: 'Customer-Passw0rd' };
  const res = await patiently(() =>
    request.post('/api/auth/register', {
      data: { first_name: 'Test', last_name: 'Customer', username: tag, ...account },
    }),
  );
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

export async function apiLogin(request: APIRequestContext, account: Account): Promise<LoginAnswer> {
  const res = await patiently(() => request.post('/api/auth/login', { data: account }));
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export const adminAccount: Account = E2E_ADMIN;

/**
 * The newest mails to an address, read from the admin outbox as staff would: links with tokens are
 * hidden there; `deliveredMailsTo` reads what the recipient got.
 */
export async function mailsTo(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string; text: string; state: string }[]> {
  const admin = await apiLogin(request, adminAccount);
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${admin.access}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).items;
}

/** The newest mails delivered to an address over SMTP (e2e/support/mail-sink.ts), links included. */
export async function deliveredMailsTo(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string; text: string; html: string; from: { name: string; address: string } }[]> {
  const res = await request.get(`http://127.0.0.1:${MAIL_SINK.httpPort}/mails?to=${encodeURIComponent(to)}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).items;
}

/** Waits until the storefront shell (header) has hydrated: from then on, clicks do what they say. */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Stores a session the way the storefront does (docs/product.md §3: localStorage 'auth' = {user, tokens}). */
export async function storeSession(page: Page, answer: { user: unknown; access: string; refresh: string }) {
  await page.evaluate(
    (auth) => localStorage.setItem('auth', auth),
    JSON.stringify({ user: answer.user, tokens: { access: answer.access, refresh: answer.refresh } }),
  );
}

export async function storedSession(page: Page): Promise<{
  user: { email: string };
  tokens: { access: string; refresh: string };
} | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
}

/** Installs Playwright's clock, stopped: page timers move only with `page.clock.runFor()`. */
export async function stoppedClock(page: Page) {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

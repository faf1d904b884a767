import { randomUUID } from 'node:crypto';
import { expect, type Page, type Route, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import {
  type Account,
  adminAccount,
  deliveredMailsTo,
  hydrated,
  mailsTo,
  registerCustomer,
  stoppedClock,
  storedSession,
} from './support/session.ts';

/** docs/product.md §2 sign-in and sign-up dialogs, auth pages and admin login; §5 validation; §8 messages. */

// Sign-ups are rate limited (5 a minute from one address): only the tests that need a customer account
// make one (see 'with a customer account'); the others sign in as the e2e admin, a real user too.

/** Opens a navbar dialog the way a pointer user does (hovering loads its code first). */
async function openDialog(page: Page, button: 'Login' | 'Sign Up', title: string) {
  const trigger = page.getByRole('banner').getByRole('button', { name: button, exact: true });
  await trigger.hover();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Moves the stopped clock on in small steps until `count()` reaches `n` (the retry waits of docs/product.md §9;
 * their exact schedule is unit-tested in lib/http.test.ts). Never more than 7 s of page time.
 */
async function retriesUntil(page: Page, count: () => number, n: number) {
  for (let elapsed = 0; count() < n; elapsed += 250) {
    expect(elapsed, 'retries took longer than 1 s + 2 s + 3 s').toBeLessThanOrEqual(7000);
    await page.clock.runFor(250);
    await page.waitForTimeout(20);
  }
  expect(count()).toBe(n);
}

/** Holds a call until `release()`; the test can look at the pending state meanwhile. */
async function holdRoute(page: Page, url: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

test.describe('sign-in dialog', () => {
  test('shows the documented texts and fields; validates only the e-mail; errors clear 2 s after a submit', async ({
    page,
  }) => {
    await stoppedClock(page);
    await page.goto('/');
    await hydrated(page);
    const dialog = await openDialog(page, 'Login', 'Welcome Back');
    await expect(dialog.getByText('Sign in to your account to continue shopping')).toBeVisible();
    await expect(dialog.getByText('Or continue with email')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    await expect(dialog.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    const email = dialog.getByLabel('Email');
    const password = dialog.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email is required');
    // docs/product.md §5: the password is not validated.
    await expect(dialog.getByText('Password is required')).toHaveCount(0);
    await page.clock.runFor(1999);
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await page.clock.runFor(1);
    await expect(dialog.getByText('Email is required')).toHaveCount(0);
    await expect(email).toHaveAttribute('aria-invalid', 'false');

    for (const bad of ['not-an-email', 'a b@example.com', 'x@y']) {
      await email.fill(bad);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(dialog.getByText('Email is invalid')).toBeVisible();
      await page.clock.runFor(2000);
      await expect(dialog.getByText('Email is invalid')).toHaveCount(0);
    }
  });

  test("a refused sign-in shows the server's message in a red box, cleared 2 s later", async ({ page }) => {
    await stoppedClock(page);
    await page.goto('/');
    await hydrated(page);
    const dialog = await openDialog(page, 'Login', 'Welcome Back');
    await dialog.getByLabel('Email').fill(adminAccount.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong-passw0rd');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText('Invalid email or password');
    await page.clock.runFor(2000);
    await expect(alert).toHaveCount(0);
    expect(await storedSession(page)).toBeNull();
  });

  test('success: spinner while pending, green "Login Successful!", closes after 1 s, reloads at /', async ({
    page,
  }) => {
    await stoppedClock(page);
    await page.goto('/wishlist');
    await hydrated(page);
    const dialog = await openDialog(page, 'Login', 'Welcome Back');
    // Without the admin flag, staff too are simply signed in and sent to / (docs/product.md §6).
    await dialog.getByLabel('Email').fill(adminAccount.email);
    await dialog.getByLabel('Password', { exact: true }).fill(adminAccount.password);
    await dialog.getByRole('checkbox', { name: 'Remember me' }).check();

    const release = await holdRoute(page, '**/api/auth/login');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expect(dialog.getByTestId('spinner')).toBeVisible();
    release();

    await expect(dialog.getByRole('status')).toHaveText('Login Successful!');
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    await page.clock.runFor(999);
    await expect(dialog).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.clock.runFor(1);
    await reloaded;
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
    // docs/product.md §3 / docs/product.md §10: the real user is stored with the tokens.
    const stored = await storedSession(page);
    expect(stored?.user.email).toBe(adminAccount.email);
    expect(stored?.tokens.access).toBeTruthy();
    expect(stored?.tokens.refresh).toBeTruthy();
  });

  test('works by keyboard: Escape closes and focus returns; it switches to sign-up', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const login = page.getByRole('button', { name: 'Login' });
    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    // Focus is trapped inside the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(login).toBeFocused();

    await login.click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'I already have an account' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  });
});

test.describe('admin login (/admin/auth/login)', () => {
  test('staff go to /admin after the 1 s success message', async ({ page }) => {
    await page.goto('/admin/auth/login');
    await hydrated(page);
    await page.getByLabel('Email').fill(adminAccount.email);
    await page.getByLabel('Password', { exact: true }).fill(adminAccount.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status')).toHaveText('Login Successful!');
    await expect(page).toHaveURL(/\/admin\/?$/);
    expect((await storedSession(page))?.user.email).toBe(adminAccount.email);
  });
});

test.describe('sign-up dialog', () => {
  test('shows the documented texts and every validation message of docs/product.md §5, cleared 2 s after a submit', async ({
    page,
  }) => {
    await stoppedClock(page);
    await page.goto('/');
    await hydrated(page);
    const dialog = await openDialog(page, 'Sign Up', 'Create Account');
    await expect(dialog.getByText('Join us today and start shopping')).toBeVisible();
    await expect(dialog.getByText('Or create account with email')).toBeVisible();
    for (const label of ['First Name', 'Last Name', 'Username', 'Email', 'Password', 'Confirm Password']) {
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('button', { name: 'Show password' })).toHaveCount(2);
    const terms = dialog.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' });
    await expect(terms).not.toBeChecked();

    const submit = dialog.getByRole('button', { name: 'Create Account' });
    await submit.click();
    const required = [
      'First name is required',
      'Last name is required',
      'Username is required',
      'Email is required',
      'Password is required',
      'You must agree to the terms and conditions',
    ];
    for (const message of required) await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await page.clock.runFor(1999);
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await page.clock.runFor(1);
    for (const message of required) await expect(dialog.getByText(message, { exact: true })).toHaveCount(0);

    // Names are checked after trimming; e-mail form; password rules in order.
    await dialog.getByLabel('First Name').fill('   ');
    await dialog.getByLabel('Last Name').fill('Lovelace');
    await dialog.getByLabel('Username').fill('ada');
    await dialog.getByLabel('Email').fill('ada@example');
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Email is invalid')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toHaveCount(0);
    await page.clock.runFor(2000);

    await dialog.getByLabel('Password', { exact: true }).fill('alllowercase1');
    await submit.click();
    await expect(dialog.getByText('Password must contain uppercase, lowercase, and number')).toBeVisible();
    await page.clock.runFor(2000);

    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Email').fill('ada@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('Analytical1');
    await dialog.getByLabel('Confirm Password').fill('Analytical2');
    await terms.check();
    await submit.click();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await expect(dialog.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await page.clock.runFor(2000);
    await expect(dialog.getByText('Passwords do not match')).toHaveCount(0);
  });

  test('success: "Creating...", the green answer, closes after 2 s and goes to /auth/login', async ({ page }) => {
    await stoppedClock(page);
    await page.goto('/');
    await hydrated(page);
    const dialog = await openDialog(page, 'Sign Up', 'Create Account');
    const tag = randomUUID().slice(0, 8);
    await dialog.getByLabel('First Name').fill('Grace');
    await dialog.getByLabel('Last Name').fill('Hopper');
    await dialog.getByLabel('Username').fill(`grace-${tag}`);
    await dialog.getByLabel('Email').fill(`grace-${tag}@e2e.test`);
    await dialog.getByLabel('Password', { exact: true }).fill('Compiler-1952');
    await dialog.getByLabel('Confirm Password').fill('Compiler-1952');
    await dialog.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();

    const release = await holdRoute(page, '**/api/auth/register');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    await expect(dialog.getByRole('status')).toHaveText('Your account has been created. You can sign in now.');
    await page.clock.runFor(1999);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(1);
    await expect(page).toHaveURL('/auth/login');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    // The page says the account exists and has its e-mail filled in (not in the URL).
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been created' })).toHaveText(
      'Your account has been created. Sign in to continue.',
    );
    await expect(page.getByLabel('Email')).toHaveValue(`grace-${tag}@e2e.test`);
    expect(page.url()).not.toContain('grace');
    // Signing in from here goes on as docs/product.md says: to / with a reload.
    await page.getByLabel('Password', { exact: true }).fill('Compiler-1952');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Login Successful!' })).toBeVisible();
    await page.clock.runFor(1000);
    await expect(page).toHaveURL('/');
    expect((await storedSession(page))?.user.email).toBe(`grace-${tag}@e2e.test`);
  });

  test("a refused sign-up shows the server's message; no answer and a bare 5xx show the documented texts", async ({
    page,
  }) => {
    await stoppedClock(page);
    await page.goto('/');
    await hydrated(page);
    const dialog = await openDialog(page, 'Sign Up', 'Create Account');
    const fill = async (email: string, username = `taken-${randomUUID().slice(0, 8)}`) => {
      await dialog.getByLabel('First Name').fill('Taken');
      await dialog.getByLabel('Last Name').fill('Address');
      await dialog.getByLabel('Username').fill(username);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill('Another-Passw0rd');
      await dialog.getByLabel('Confirm Password').fill('Another-Passw0rd');
      await dialog.getByRole('checkbox', { name: /I agree/ }).check();
      await dialog.getByRole('button', { name: 'Create Account' }).click();
    };
    // A taken username is refused by name (usernames are public); a taken e-mail is not.
    await fill('someone-new@e2e.test', 'admin');
    await expect(dialog.getByRole('alert')).toHaveText('This username is already taken');
    await page.clock.runFor(2000);
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // docs/product.md §9: no answer is retried 3 times (after 1, 2 and 3 s); then docs/product.md §8's text.
    let attempts = 0;
    await page.route('**/api/auth/register', (route) => {
      attempts++;
      return route.abort('connectionrefused');
    });
    await fill('nobody@e2e.test');
    await expect.poll(() => attempts).toBe(1);
    await page.clock.runFor(999);
    expect(attempts).toBe(1);
    await retriesUntil(page, () => attempts, 4);
    await expect(dialog.getByRole('alert')).toHaveText('An unexpected error occurred');
    await page.clock.runFor(2000);

    await page.unroute('**/api/auth/register');
    attempts = 0;
    await page.route('**/api/auth/register', (route) => {
      attempts++;
      return route.fulfill({ status: 502, contentType: 'application/json', body: '{}' });
    });
    await fill('nobody@e2e.test');
    await retriesUntil(page, () => attempts, 4);
    await expect(dialog.getByRole('alert')).toHaveText('Signup failed. Please try again.');
  });
});

test.describe('auth pages', () => {
  test('/auth/login and /auth/signup hold the same forms as the dialogs', async ({ page }) => {
    const login = await page.goto('/auth/login');
    expect(login?.status()).toBe(200);
    await hydrated(page);
    await expect(page).toHaveTitle(/Sign in/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Or continue with email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/signup');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/auth/signup');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Or create account with email')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('with a customer account', () => {
  test.describe.configure({ mode: 'serial' });
  let customer: Account;
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    customer = await registerCustomer(request, 'auth');
  });

  test('the full-page sign-in returns to the page it was reached from, and only to a page of the shop', async ({
    page,
  }) => {
    // From /orders (checkout, the wishlist and the account page link the same way).
    await page.goto('/orders');
    await hydrated(page);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/auth/login?next=%2Forders');
    await hydrated(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/orders');
    await expect(page.getByRole('link', { name: 'Account' }).first()).toBeVisible();

    // Another site in `next` is ignored: the sign-in goes to / as docs/product.md says.
    await page.evaluate(() => localStorage.removeItem('auth'));
    await page.goto(`/auth/login?next=${encodeURIComponent('//evil.example/orders')}`);
    await hydrated(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the admin login refuses a customer account and keeps no session', async ({ page }) => {
    await page.goto('/admin/auth/login');
    await hydrated(page);
    await expectAccessible(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('This account has no access to the admin area');
    expect(await storedSession(page)).toBeNull();
    await expect(page).toHaveURL('/admin/auth/login');
  });

  test('forgot and reset password end to end, with the link from the mail', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/auth/login');
    await hydrated(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/auth/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If an account exists for this email, we have sent a link to reset your password.',
    );

    // The mail is sent after the answer, and the link reaches the customer's mailbox
    // only; the admin outbox shows the mail without it.
    await expect.poll(async () => (await deliveredMailsTo(page.request, customer.email)).length).toBeGreaterThan(0);
    const [mail] = await deliveredMailsTo(page.request, customer.email);
    const path = mail?.text.match(/\/auth\/reset-password\/[\w-]+/)?.[0];
    if (!path) throw new Error(`no reset link in: ${mail?.text}`);
    const [kept] = await mailsTo(page.request, customer.email);
    expect(kept?.subject).toBe('Reset your password');
    expect(kept?.text).not.toContain(path);

    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expectAccessible(page);
    // A common password is refused, in the red box and under the field.
    const tooCommon = 'This password is too common. Choose one that is harder to guess.';
    await page.getByLabel('New Password').fill('Welcome1');
    await page.getByLabel('Confirm Password').fill('Welcome1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(tooCommon);
    await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(tooCommon);
    await page.getByLabel('New Password').fill('Brand-New-Passw0rd');
    await page.getByLabel('Confirm Password').fill('Brand-New-Passw0rd!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Brand-New-Passw0rd');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been reset. You can sign in now.');
    customer = { ...customer, password: 'Brand-New-Passw0rd' };

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/auth/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status')).toHaveText('Login Successful!');
    await expect(page).toHaveURL('/');
    expect((await storedSession(page))?.user.email).toBe(customer.email);

    // The link works once.
    await page.goto(path);
    await hydrated(page);
    await page.getByLabel('New Password').fill('Another-Passw0rd1');
    await page.getByLabel('Confirm Password').fill('Another-Passw0rd1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This password reset link has already been used. Request a new one.',
    );
  });
});

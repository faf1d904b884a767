// /account in the browser: edit the profile, change the password, keep an address book and
// delete the account — each checked against the API as the oracle, on the real shop.

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { chooseCountry } from './support/checkout.ts';

/** The labels of a form's text fields, in the order the page shows them. */
const fieldLabels = (form: Locator) =>
  form
    .getByRole('textbox')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ''));

import { stoppedClock } from './support/clock.ts';
import { deliveredMailsTo, mailsTo } from './support/session.ts';
import { hydrated, newShopper, type Shopper, signInPage } from './support/shopper.ts';

const bearer = (s: Shopper) => ({ authorization: `Bearer ${s.tokens.access}` });

async function openAccount(page: Page) {
  const profile = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'GET');
  await page.goto('/account');
  await profile;
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function storedAuth(page: Page): Promise<{
  user: { first_name: string; last_name: string; email: string };
  tokens: { access: string; refresh: string };
} | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null'));
}

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  return request.post('/api/auth/login', { data: { email, password } });
}

test('edit the profile: saved, shown at once, kept on reload and in the stored session', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Profile');
  await signInPage(page, shopper);
  await openAccount(page);
  const form = section(page, 'Edit profile');
  await expect(form.getByLabel('First Name')).toHaveValue('Test');
  // The e-mail has a form of its own.
  await expect(form.getByLabel('Email')).toHaveCount(0);

  // The sign-up name rule (docs/product.md §5): markup is refused with the field's message, nothing is sent.
  await form.getByLabel('First Name').fill('<b>Grace</b>');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    form.getByText('First name may only contain letters, spaces, apostrophes, hyphens, periods and commas'),
  ).toBeVisible();
  await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('First Name').fill('  Grace ');
  await form.getByLabel('Last Name').fill('Hopper');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.request().method() === 'PATCH');
  await form.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).status()).toBe(200);
  await expect(form.getByRole('status')).toHaveText('Your profile was saved.');
  await expect(page.getByTestId('account-name')).toHaveText('Grace Hopper');
  expect((await storedAuth(page))?.user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('account-name')).toHaveText('Grace Hopper');
  await expect(section(page, 'Edit profile').getByLabel('First Name')).toHaveValue('Grace');
  const me = await request.get('/api/users/me', { headers: bearer(shopper) });
  expect(await me.json()).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', email: shopper.user.email });

  // Someone else's username: the API's message in the red box.
  const other = await newShopper(request, 'Other');
  await section(page, 'Edit profile').getByLabel('Username').fill(other.user.username);
  await section(page, 'Edit profile').getByRole('button', { name: 'Save profile' }).click();
  await expect(section(page, 'Edit profile').getByRole('alert')).toHaveText('This username is already taken');
});

test('change the e-mail: the password is required and the new address counts once its mailed link is opened', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'Email');
  await signInPage(page, shopper);
  await openAccount(page);
  const form = section(page, 'Change e-mail');
  const newEmail = `moved-${shopper.user.username}@e2e.test`;
  const requested = (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes when you open it (within 24 hours).`;

  // A signed-in browser alone cannot move the account.
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password').fill('Not-The-Passw0rd');
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');

  await form.getByLabel('Current password').fill(shopper.password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('status')).toHaveText(requested(newEmail));
  await expect(page.getByTestId('account-email')).toHaveText(shopper.user.email);
  expect((await apiLogin(request, newEmail, shopper.password)).status()).toBe(401);

  // The link goes to the new address, a notice to the old one; both are sent after the answer. The
  // link reaches the mailbox only (the admin outbox hides it).
  await expect.poll(async () => (await deliveredMailsTo(request, newEmail)).length).toBeGreaterThan(0);
  const [mail] = await deliveredMailsTo(request, newEmail);
  const path = mail?.text.match(/\/account\/confirm-email\/[\w-]+/)?.[0];
  if (!path) throw new Error(`no confirmation link in: ${mail?.text}`);
  await expect
    .poll(async () => (await mailsTo(request, shopper.user.email)).map((m) => m.subject))
    .toContain('A change of your e-mail address was requested');

  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}.`);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByTestId('account-email')).toHaveText(newEmail);
  // This browser stayed signed in and its stored session follows.
  await expect.poll(async () => (await storedAuth(page))?.user.email).toBe(newEmail);
  expect((await apiLogin(request, newEmail, shopper.password)).status()).toBe(200);
  expect((await apiLogin(request, shopper.user.email, shopper.password)).status()).toBe(401);

  // An address that has an account gets the same answer, so the form tells nobody.
  const other = await newShopper(request, 'Taken');
  const again = section(page, 'Change e-mail');
  await again.getByLabel('New email').fill(other.user.email);
  await again.getByLabel('Current password').fill(shopper.password);
  await again.getByRole('button', { name: 'Change email' }).click();
  await expect(again.getByRole('status')).toHaveText(requested(other.user.email));
});

test('form errors clear 2 s after a submit (docs/product.md §4)', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Clock');
  await signInPage(page, shopper);
  await openAccount(page);
  // Installed once the page is up: TanStack Query hands its results over on timers of its own.
  await stoppedClock(page);
  const form = section(page, 'Change password');
  await form.getByLabel('Current password').fill(shopper.password);
  await form.getByLabel('New password', { exact: true }).fill('Another-Passw0rd');
  await form.getByLabel('Confirm new password').fill('Different-Passw0rd');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await page.clock.runFor(1900);
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await page.clock.runFor(200);
  await expect(form.getByText('Passwords do not match')).toHaveCount(0);
});

test('change the password: other sessions end, this one goes on, the new password signs in', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'Password');
  await signInPage(page, shopper);
  await openAccount(page);
  const form = section(page, 'Change password');

  // A wrong current password: the API's answer, nothing changes.
  await form.getByLabel('Current password').fill('Not-The-Passw0rd');
  await form.getByLabel('New password', { exact: true }).fill('Brand-New-Passw0rd');
  await form.getByLabel('Confirm new password').fill('Brand-New-Passw0rd');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');

  await form.getByLabel('Current password').fill(shopper.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText('Your password was changed. Other devices were signed out.');
  await expect(form.getByLabel('Current password')).toHaveValue('');

  // This browser holds the new token set; the old refresh token (another device) is dead.
  const stored = await storedAuth(page);
  expect(stored?.tokens.refresh).toBeTruthy();
  expect(stored?.tokens.refresh).not.toBe(shopper.tokens.refresh);
  const oldDevice = await request.post('/api/auth/refresh-token', { data: { refreshToken: shopper.tokens.refresh } });
  expect(oldDevice.status()).toBe(401);
  const thisDevice = await request.get('/api/users/me', {
    headers: { authorization: `Bearer ${stored?.tokens.access}` },
  });
  expect(thisDevice.status()).toBe(200);

  // Still signed in after a reload; then out, and in again with the new password on the sign-in page.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('account-email')).toHaveText(shopper.user.email);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/auth/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(shopper.user.email);
  await page.getByLabel('Password', { exact: true }).fill('Brand-New-Passw0rd');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('status')).toHaveText('Login Successful!');
  expect((await apiLogin(request, shopper.user.email, shopper.password)).status()).toBe(401);
});

test('the address book: add, edit, make default and delete', async ({ page, request }) => {
  const shopper = await newShopper(request, 'Addresses');
  await signInPage(page, shopper);
  await openAccount(page);
  const book = section(page, 'Address book');
  await expect(book.getByText('You have no saved addresses yet.')).toBeVisible();

  // The checkout's address rules, with their messages.
  await book.getByRole('button', { name: 'Add address' }).click();
  const newForm = book.getByRole('form', { name: 'New address' });
  await newForm.getByLabel('Country').fill('G');
  // Leaving the field closes its list of countries.
  await newForm.getByLabel('Country').press('Tab');
  await newForm.getByRole('button', { name: 'Save address' }).click();
  await expect(newForm.getByText('Full name is required')).toBeVisible();
  await expect(newForm.getByText('City is required')).toBeVisible();
  await expect(newForm.getByText('Choose a country from the list')).toBeVisible();

  // The form follows the country: the US asks for a state and a ZIP code of its shape, after the city.
  await chooseCountry(newForm, 'United States');
  await expect(newForm.getByLabel('State', { exact: true })).toBeVisible();
  await expect(newForm.getByText('For example 78701')).toBeVisible();
  const usFields = await fieldLabels(newForm);
  expect(usFields.indexOf('City')).toBeLessThan(usFields.indexOf('ZIP code'));
  await newForm.getByLabel('ZIP code').fill('1234');
  await newForm.getByRole('button', { name: 'Save address' }).click();
  await expect(newForm.getByText('ZIP code is not valid for United States (for example 78701)')).toBeVisible();
  await expect(newForm.getByText('State is required')).toBeVisible();
  // Germany writes the postcode before the town.
  await chooseCountry(newForm, 'Germany');
  const deFields = await fieldLabels(newForm);
  expect(deFields.indexOf('Postal code')).toBeLessThan(deFields.indexOf('City'));
  await expect(newForm.getByLabel('State / region (optional)')).toBeVisible();

  await newForm.getByLabel('Full name').fill('Ada Lovelace');
  await newForm.getByLabel('Address', { exact: true }).fill('12 Analytical Way');
  await newForm.getByLabel('City').fill('London');
  await chooseCountry(newForm, 'gb');
  await newForm.getByLabel('Postcode').fill('n1 9gu');
  await newForm.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByRole('status')).toHaveText('The address was saved.');
  const home = book.getByRole('listitem', { name: 'Ada Lovelace' });
  await expect(home).toContainText('12 Analytical Way');
  await expect(home.getByText('London', { exact: true })).toBeVisible();
  await expect(home.getByText('N1 9GU', { exact: true })).toBeVisible();
  await expect(home).toContainText('United Kingdom');
  // The first address becomes the default.
  await expect(home.getByText('Default', { exact: true })).toBeVisible();

  await book.getByRole('button', { name: 'Add address' }).click();
  const second = book.getByRole('form', { name: 'New address' });
  await second.getByLabel('Full name').fill('Ada at work');
  await second.getByLabel('Address', { exact: true }).fill('1 Engine Street');
  await second.getByLabel('City').fill('Manchester');
  await chooseCountry(second, 'GB');
  await second.getByLabel('Postcode').fill('M1 1AA');
  await second.getByRole('button', { name: 'Save address' }).click();
  const work = book.getByRole('listitem', { name: 'Ada at work' });
  await expect(work).toContainText('M1 1AA');
  await expect(work.getByText('Default', { exact: true })).toHaveCount(0);

  // Edit: the form holds the saved values; the change shows in the list.
  await work.getByRole('button', { name: 'Edit' }).click();
  const edit = book.getByRole('form', { name: 'Edit address: Ada at work' });
  await expect(edit.getByLabel('City')).toHaveValue('Manchester');
  await edit.getByLabel('City').fill('Salford');
  await edit.getByLabel('Phone (optional)').fill('+44 161 000 0000');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByRole('listitem', { name: 'Ada at work' })).toContainText('Salford');
  await expect(book.getByRole('listitem', { name: 'Ada at work' })).toContainText('+44 161 000 0000');

  // Make default: the badge moves, the default comes first.
  await book.getByRole('listitem', { name: 'Ada at work' }).getByRole('button', { name: 'Make default' }).click();
  await expect(book.getByRole('status')).toHaveText('This is now your default address.');
  await expect(book.getByRole('listitem').first()).toHaveAccessibleName('Ada at work');
  await expect(book.getByRole('listitem', { name: 'Ada Lovelace' }).getByText('Default', { exact: true })).toHaveCount(
    0,
  );

  // Delete asks first; Cancel keeps it, Yes deletes.
  const lovelace = book.getByRole('listitem', { name: 'Ada Lovelace' });
  await lovelace.getByRole('button', { name: 'Delete' }).click();
  await expect(lovelace.getByText('Delete this address?')).toBeVisible();
  await expect(lovelace.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await lovelace.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(book.getByRole('status')).toHaveText('The address was deleted.');
  await expect(book.getByRole('listitem')).toHaveCount(1);

  const saved = await (await request.get('/api/users/me/addresses', { headers: bearer(shopper) })).json();
  expect(saved).toEqual([
    expect.objectContaining({ name: 'Ada at work', city: 'Salford', phone: '+44 161 000 0000', is_default: true }),
  ]);
  await page.reload();
  await hydrated(page);
  await expect(section(page, 'Address book').getByRole('listitem', { name: 'Ada at work' })).toBeVisible();
  await expectAccessible(page);
});

test('delete the account: confirmed with the password; signed out; the old sign-in fails', async ({
  page,
  request,
}) => {
  const shopper = await newShopper(request, 'Delete');
  await signInPage(page, shopper);
  await openAccount(page);
  await expect(page.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
  await expect(page.getByRole('link', { name: 'Your wishlist' })).toHaveAttribute('href', '/wishlist');

  const trigger = page.getByRole('button', { name: 'Delete account' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Your orders are kept for our records, anonymised');
  await expectAccessible(page);

  // Escape closes it and focus returns to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByLabel('Your password').fill('Wrong-Passw0rd');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password is incorrect');
  expect((await request.get('/api/users/me', { headers: bearer(shopper) })).status()).toBe(200);

  await dialog.getByLabel('Your password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  expect(await storedAuth(page)).toBeNull();

  const login = await apiLogin(request, shopper.user.email, shopper.password);
  expect(login.status()).toBe(401);
  await page.goto('/account');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Sign in to see your account' })).toBeVisible();
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('countries are named in the shopper’s language, found by either name, and saved as their codes', async ({
    page,
    request,
  }) => {
    const shopper = await newShopper(request, 'Deutsch');
    await signInPage(page, shopper);
    await openAccount(page);
    const book = section(page, 'Address book');
    await book.getByRole('button', { name: 'Add address' }).click();
    const form = book.getByRole('form', { name: 'New address' });
    const country = form.getByRole('combobox', { name: 'Country' });
    await country.fill('Deutsch');
    await expect(form.getByRole('option').first()).toHaveText('Deutschland (DE)');
    await country.fill('United King');
    await expect(form.getByRole('option').first()).toHaveText('Vereinigtes Königreich (GB)');
    await form.getByRole('option').first().click();
    await expect(country).toHaveValue('Vereinigtes Königreich');
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByLabel('Address', { exact: true }).fill('12 Analytical Way');
    await form.getByLabel('City').fill('London');
    await form.getByLabel('Postcode').fill('N1 9GU');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/me/addresses') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Save address' }).click();
    expect((await (await saved).json()).country).toBe('GB');
  });
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { adminAccount, apiLogin, hydrated, stoppedClock, storeSession } from './support/session.ts';

/** docs/product.md §2 contact dialog and /contact; docs/product.md §10: the message is stored for the support team. */

const INQUIRIES = ['General Inquiry', 'Order Support', 'Returns & Refunds', 'Technical Support'];
const SENT = 'Thanks for your message! We will get back to you soon.';

async function chooseInquiry(page: Page, form: Locator, label: string) {
  await form.getByRole('combobox', { name: 'Inquiry Type' }).click();
  await expect(page.getByRole('option')).toHaveText(INQUIRIES);
  await page.getByRole('option', { name: label }).click();
  await expect(form.getByRole('combobox', { name: 'Inquiry Type' })).toHaveText(label);
}

test('the contact dialog: texts, inquiry types, validation, sending, keyboard', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' });
  await contact.click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("We'd love to hear from you. How can we help?")).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Inquiry Type' })).toHaveText('General Inquiry');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await expect(dialog.getByText('Message is required')).toBeVisible();

  await chooseInquiry(page, dialog, 'Returns & Refunds');
  await dialog.getByLabel('Email').fill('shopper@e2e.test');
  await dialog.getByLabel('Subject').fill('Broken lamp');
  await dialog.getByLabel('Message').fill('The lamp arrived broken. Can I get a replacement?');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact'));
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toEqual({
    email: 'shopper@e2e.test',
    inquiry_type: 'returns',
    subject: 'Broken lamp',
    message: 'The lamp arrived broken. Can I get a replacement?',
  });
  await expect(dialog.getByRole('status')).toHaveText(SENT);
  await expect(dialog.getByLabel('Subject')).toHaveValue('');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(contact).toBeFocused();
});

test('form errors clear 2 s after a submit', async ({ page }) => {
  await stoppedClock(page);
  await page.goto('/contact');
  await hydrated(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await page.clock.runFor(1999);
  await expect(page.getByText('Subject is required')).toBeVisible();
  await page.clock.runFor(1);
  await expect(page.getByText('Subject is required')).toHaveCount(0);
});

test('/contact shows the same form; signed in, the e-mail comes from the session', async ({ page }) => {
  const answer = await apiLogin(page.request, adminAccount);
  await page.goto('/');
  await storeSession(page, answer);
  const response = await page.goto('/contact');
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page).toHaveTitle(/Contact Us/);
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await expect(page.getByText("We'd love to hear from you. How can we help?")).toBeVisible();
  const form = page.locator('main');
  await expect(form.getByLabel('Email')).toHaveValue(adminAccount.email);
  await expectAccessible(page);

  await chooseInquiry(page, form, 'Technical Support');
  await form.getByLabel('Subject').fill('Two-factor sign-in');
  await form.getByLabel('Message').fill('Do you plan to offer two-factor sign-in?');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact'));
  await form.getByRole('button', { name: 'Send Message' }).click();
  const request = await sent;
  // Signed in: the message is linked to the account through the bearer token.
  expect(request.headers().authorization).toBe(`Bearer ${answer.access}`);
  expect(request.postDataJSON()).toMatchObject({ email: adminAccount.email, inquiry_type: 'technical' });
  await expect(form.getByRole('status')).toHaveText(SENT);
});

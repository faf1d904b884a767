import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { deliveredMailsTo } from './support/session.ts';

/**
 * The footer's newsletter form and the contact form work in a browser without JavaScript: each posts to
 * a page whose action does what the API route does, and the page shows how it went. A post to a page that
 * takes none is a plain error page naming nothing of the app.
 */
test.use({ javaScriptEnabled: false });

const footer = (page: Page) => page.getByRole('contentinfo');

test('subscribing from the footer without JavaScript', async ({ page }) => {
  await page.goto('/help');
  await footer(page).getByRole('textbox', { name: 'Email address' }).fill('nope');
  await footer(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL('/newsletter');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Email is invalid');

  const address = `no-js-${randomUUID().slice(0, 8)}@e2e.test`;
  await footer(page).getByRole('textbox', { name: 'Email address' }).fill(address);
  await footer(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Thanks for subscribing! Please check your inbox to confirm.',
  );
  await expect.poll(async () => (await deliveredMailsTo(page.request, address)).length).toBeGreaterThan(0);
});

test('sending the contact form without JavaScript', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill('no-js@e2e.test');
  await form.getByLabel('Subject').fill('No scripts here');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(form.getByText('Message is required')).toBeVisible();
  // What was typed is still there.
  await expect(form.getByLabel('Subject')).toHaveValue('No scripts here');

  await form.getByLabel('Message').fill('Does the shop work without JavaScript?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Thanks for your message! We will get back to you soon.')).toBeVisible();
});

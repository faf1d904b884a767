import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { deliveredMailsTo, hydrated } from './support/session.ts';

/** docs/product.md §2 footer; docs/product.md §10: the newsletter stores the address and mails a confirmation link. */

const footer = (page: Page) => page.getByRole('contentinfo');

const LINKS = [
  '/about',
  '/careers',
  '/press',
  '/blog',
  '/investors',
  '/contact',
  '/faq',
  '/shipping',
  '/returns',
  '/size-guide',
  '/terms',
  '/privacy',
  '/cookies',
  '/accessibility',
];

test('has every documented link, placeholder social links, payment badges, support details and the year', async ({
  page,
}) => {
  const response = await page.goto('/');
  // Server-rendered: the footer is in the HTML before any script runs.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('By subscribing, you agree to our Privacy Policy');
  await hydrated(page);

  const hrefs = await footer(page)
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(LINKS);

  const social = footer(page).getByRole('link', { name: /^(Facebook|Instagram|X|YouTube)$/ });
  await expect(social).toHaveCount(4);
  for (const link of await social.all()) expect(await link.getAttribute('target')).toBeNull();

  const badges = footer(page).getByRole('list', { name: 'Payment methods' }).getByRole('listitem');
  await expect(badges).toHaveText(['VVisa', 'MMastercard', 'PPayPal']);
  await expect(footer(page).getByText('Customer Support')).toBeVisible();
  await expect(footer(page).getByRole('link', { name: 'support@shop.example' })).toHaveAttribute(
    'href',
    'mailto:support@shop.example',
  );
  await expect(footer(page).getByText(`© ${new Date().getFullYear()} Shop. All rights reserved.`)).toBeVisible();
  await expect(
    footer(page).getByText(
      'By subscribing, you agree to our Privacy Policy and consent to receive updates from our company.',
      { exact: true },
    ),
  ).toBeVisible();

  await expectAccessible(page, { include: 'footer' });

  await footer(page).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await expect(footer(page)).toBeVisible();
});

test('the newsletter stores the address, answers with the API message and mails a confirmation link', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const email = footer(page).getByRole('textbox', { name: 'Email address' });
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('placeholder', 'Enter your email address');
  const subscribe = footer(page).getByRole('button', { name: 'Subscribe' });

  await email.fill('not-an-email');
  await subscribe.click();
  await expect(footer(page).getByRole('alert')).toHaveText('Email is invalid');

  const address = `reader-${randomUUID().slice(0, 8)}@e2e.test`;
  await email.fill(address);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/newsletter') && r.method() === 'POST');
  await subscribe.click();
  expect((await sent).postDataJSON()).toEqual({ email: address });
  await expect(footer(page).getByRole('status')).toHaveText(
    'Thanks for subscribing! Please check your inbox to confirm.',
  );
  await expect(email).toHaveValue('');

  // The mail is sent by a job just after the answer.
  await expect.poll(async () => (await deliveredMailsTo(page.request, address)).length).toBeGreaterThan(0);
  const [mail] = await deliveredMailsTo(page.request, address);
  const link = mail?.text.match(/\/newsletter\/confirm\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail?.text}`);
  await page.goto(link);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your subscription is confirmed. Thank you!');
  await page.reload();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This confirmation link is invalid or has already been used',
  );
});

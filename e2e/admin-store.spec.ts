import { randomUUID } from 'node:crypto';
import { type Browser, type Dialog, expect, type Page, test } from '@playwright/test';
import { adminSignIn, findInAuditLog, noSeriousViolations } from './support/admin.ts';
import {
  addOnProductPage,
  checkoutForm,
  fillCard,
  fillGuestDetails,
  goToCheckout,
  guestEmail,
  ownProduct,
  placeOrderButton,
  summary,
  TEST_CARD,
} from './support/checkout.ts';
import { deliveredMailsTo, hydrated, mailsTo } from './support/session.ts';
import { firstChoices, plainProducts } from './support/shopper.ts';

// Staff create a discount code that a shopper then uses at checkout, answer a
// message a shopper sent through the contact form (the reply lands in the mail outbox), and find both
// in the audit log. Nothing here changes what other shoppers see, so it runs with the other specs.

/** The admin works in a browser context of its own; the shopper uses the test's page. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await adminSignIn(page);
  return page;
}

test('an admin creates a discount code and a shopper uses it at checkout; the use and the audit log show it', async ({
  page,
  browser,
  request,
}) => {
  // Two people in one test (an admin in Marketing, a guest through the whole checkout): past 30 s when busy.
  test.setTimeout(90_000);
  const code = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
  const admin = await adminPage(browser);
  await admin.goto('/admin/marketing');
  await expect(admin.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();

  // A bad value first: the API's message shows in the dialog and nothing is created.
  await admin.getByRole('button', { name: 'New code' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByLabel('Code').fill(code.toLowerCase());
  await dialog.getByLabel('Kind').selectOption('percent');
  await dialog.getByLabel('Percent (1–100)').fill('120');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A percentage must be a whole number from 1 to 100');
  await dialog.getByLabel('Percent (1–100)').fill('20');
  await dialog.getByLabel('Usage limit').fill('5');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toHaveCount(0);
  await admin.getByLabel('Search codes').fill(code);
  const row = admin.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('20 %');
  await expect(row).toContainText('0 / 5');
  await expect(row).toContainText('Active');

  // The shopper, a guest, applies the code at checkout and pays.
  const [product] = await plainProducts(request, 1);
  if (!product) throw new Error('no product');
  await addOnProductPage(page, product, 1);
  await goToCheckout(page);
  await summary(page).getByLabel('Discount code').fill(code.toLowerCase());
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByTestId('applied-discount')).toHaveText(`Code ${code} applied`);
  await fillGuestDetails(page, guestEmail('admin-discount'));
  await fillCard(page, TEST_CARD.success);
  await expect(checkoutForm(page)).toBeVisible();
  await placeOrderButton(page).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();

  // Staff see the use; deactivating stops the code.
  await admin.reload();
  await admin.getByLabel('Search codes').fill(code);
  await expect(row).toContainText('1 / 5');
  // A used code cannot be deleted: the API's 409 message, and deactivating it is offered instead.
  const messages: string[] = [];
  const accept = (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  };
  admin.on('dialog', accept);
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await expect(row).toContainText('Inactive');
  admin.off('dialog', accept);
  expect(messages).toEqual([
    `Delete the code ${code}?`,
    `This code has been used 1 time and cannot be deleted; deactivate it instead.\n\nDeactivate ${code} now?`,
  ]);

  await findInAuditLog(admin, { action: 'discount.create', contains: code });
  await admin.context().close();
});

test('a shopper writes through the contact form; staff reply, note and close; the reply is in the outbox', async ({
  page,
}) => {
  const subject = `Parcel ${randomUUID().slice(0, 6)}`;
  const email = guestEmail('support');
  await page.goto('/contact');
  await hydrated(page);
  const form = page.locator('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('My parcel has not arrived. Where is it?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText('Thanks for your message! We will get back to you soon.');

  // The same browser, now signed in as staff (the message came from a guest).
  const admin = page;
  await adminSignIn(admin);
  await admin.goto('/admin/support');
  await admin.getByLabel('Search tickets').fill(subject);
  await admin.getByRole('button', { name: subject }).click();
  await expect(admin.getByRole('heading', { name: subject })).toBeVisible();
  await expect(admin.getByText('My parcel has not arrived. Where is it?')).toBeVisible();

  await admin.getByLabel(`Reply (mailed to ${email})`).fill('It left our warehouse today.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: 'Reply mailed' })).toContainText(
    'It left our warehouse today.',
  );
  await admin.getByLabel('Note (only staff see it)').fill('Carrier confirmed pickup.');
  await admin.getByRole('button', { name: 'Add note' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: 'Internal note' })).toContainText(
    'Carrier confirmed pickup.',
  );
  await admin.getByRole('button', { name: 'Close ticket' }).click();
  await expect(admin.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();

  await admin.getByRole('tab', { name: 'Mail outbox' }).click();
  await admin.getByLabel('Recipient').fill(email);
  const mail = admin.getByRole('row').filter({ hasText: `Re: ${subject}` });
  await expect(mail).toHaveCount(1);
  await mail.getByRole('button', { name: `Re: ${subject}` }).click();
  await expect(mail).toContainText('It left our warehouse today.');
  // Each mail shows its state; the reply was queued and then sent by a job.
  await expect(mail).toContainText(/Queued|Sent/);
  await expect(mail).not.toContainText('Carrier confirmed pickup.');

  await findInAuditLog(admin, { action: 'ticket.reply', contains: 'It left our warehouse today.' });
});

test('a mail the server refused is failed in the outbox with its reason; Retry sends it', async ({ page }) => {
  // The test mailbox refuses the first mail to a refuse-once-… address; the e2e shop gives a mail one
  // attempt. A guest's order confirmation carries no link, so staff may send it again (ADR 021).
  const email = `refuse-once-${randomUUID().slice(0, 8)}@example.com`;
  const product = await ownProduct(page.request, 3);
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      email,
      items: [{ product_id: product.id, quantity: 1, ...(await firstChoices(page.request, product.id)) }],
      shipping_address: {
        name: 'Ada Lovelace',
        line1: '12 Analytical Way',
        city: 'London',
        postal_code: 'N1 9GU',
        country: 'gb',
      },
      shipping_method: 'standard',
      payment: { method: 'pay_later' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = (await placed.json()) as { number: string };
  await expect.poll(async () => (await mailsTo(page.request, email))[0]?.state).toBe('failed');

  await adminSignIn(page);
  await page.goto('/admin/support?tab=outbox');
  await page.getByLabel('Recipient').fill(email);
  const mail = page.getByRole('row').filter({ hasText: number });
  await expect(mail).toContainText('Failed after 1 attempt: ');
  await expect(mail).toContainText('mailbox unavailable');
  await mail.getByRole('button', { name: /^Retry/ }).click();
  await expect(mail.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  await expect
    .poll(async () => (await deliveredMailsTo(page.request, email)).filter((m) => m.subject.includes(number)))
    .toHaveLength(1);
  await page.reload();
  await page.getByLabel('Recipient').fill(email);
  await expect(mail).toContainText('Sent');
  await findInAuditLog(page, { action: 'mail.retry', contains: email });
});

// One test a page: axe on a long page takes seconds on a busy 2-core machine, so five in one test
// could outrun the 30 s test timeout.
for (const [path, title] of [
  ['/admin/marketing', 'Marketing'],
  ['/admin/support', 'Support'],
  ['/admin/support?tab=errors', 'Support'],
  ['/admin/support?tab=outbox', 'Support'],
  ['/admin/audit-log', 'Audit log'],
] as const) {
  test(`a11y: ${path} has no serious accessibility violations`, async ({ page }) => {
    await adminSignIn(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await noSeriousViolations(page, path);
  });
}

test('a11y: an open row of the audit log has no serious accessibility violations', async ({ page }) => {
  await adminSignIn(page);
  await page.goto('/admin/audit-log');
  await page
    .getByRole('button', { name: /^Show details of/ })
    .first()
    .click();
  await noSeriousViolations(page, 'audit-log details');
});

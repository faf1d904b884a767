import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { adminSignIn, noSeriousViolations } from './support/admin.ts';

// An admin imports products from a CSV — a dry run listing what it would create,
// update and refuse (each refusal with its line), then the apply with its progress bar and summary —
// and exports the catalogue. The imported products are drafts of an existing brand: no shopper sees them.

const HEADER =
  'handle,name,description,category,subcategory,brand,published,featured,features,option1_name,option1_value,' +
  'option2_name,option2_value,option3_name,option3_value,sku,price,compare_at_price,stock,barcode,weight_grams,' +
  'variant_image,images,meta_title,meta_description';

/** One row of our CSV from the columns that matter here. */
function row(r: {
  handle: string;
  name?: string;
  size?: string;
  sizes?: boolean;
  sku: string;
  price: string;
  stock: string;
}) {
  const product = r.name
    ? [r.name, 'Imported in a browser test', 'fashion', '', 'Nike', 'false', '', '']
    : ['', '', '', '', '', '', '', ''];
  const option = r.size ? [r.name ? 'Size' : '', r.size] : ['', ''];
  return [r.handle, ...product, ...option, '', '', '', '', r.sku, r.price, '', r.stock, '', '', '', '', '', ''].join(
    ',',
  );
}
const csv = (rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Check file (dry run)' }).click();
  await expect(page.getByRole('heading', { name: 'Dry run: nothing has been written yet' })).toBeVisible();
}

test('an admin checks a CSV, sees what it would create, update and refuse, applies it and exports', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const tee = `e2e-import-tee-${tag}`;
  const cap = `e2e-import-cap-${tag}`;
  const sock = `e2e-import-sock-${tag}`;
  await adminSignIn(page);
  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Import / export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import / export' })).toBeVisible();
  await noSeriousViolations(page, 'import-export');

  // 1. Two new products: the dry run counts them, the apply shows its progress bar, then its summary.
  await chooseFile(
    page,
    'first.csv',
    csv([
      row({ handle: tee, name: `Import Tee ${tag}`, size: 'S', sku: `${tee}-s`, price: '19.99', stock: '5' }),
      row({ handle: tee, size: 'M', sku: `${tee}-m`, price: '19.99', stock: '3' }),
      row({ handle: cap, name: `Import Cap ${tag}`, sku: cap, price: '12.00', stock: '7' }),
    ]),
  );
  await expect(page.getByTestId('products-create')).toHaveText('2');
  await expect(page.getByTestId('variants-create')).toHaveText('3');
  await page.getByRole('button', { name: 'Apply import' }).click();
  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute('value', '3');
  await expect(progress).toHaveAttribute('max', '3');
  await expect(page.getByText('3 of 3 rows')).toBeVisible();
  await expect(page.getByTestId('products-create')).toHaveText('2');
  await noSeriousViolations(page, 'import-export done');

  // 2. A changed price, a new product and a bad row: the dry run shows all three; nothing can be applied.
  const second = [
    row({ handle: tee, name: `Import Tee ${tag}`, size: 'S', sku: `${tee}-s`, price: '24.99', stock: '5' }),
    row({ handle: tee, size: 'M', sku: `${tee}-m`, price: '19.99', stock: '3' }),
    row({ handle: cap, name: `Import Cap ${tag}`, sku: cap, price: '12.00', stock: '7' }),
    row({ handle: sock, name: `Import Sock ${tag}`, sku: sock, price: '4.50', stock: '40' }),
  ];
  await chooseFile(
    page,
    'second.csv',
    csv([...second, row({ handle: `${sock}-b`, name: 'Bad', sku: `${sock}-b`, price: 'abc', stock: '1' })]),
  );
  await expect(page.getByTestId('products-create')).toHaveText('1');
  await expect(page.getByTestId('products-update')).toHaveText('1');
  await expect(page.getByRole('heading', { name: '1 refused row' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Line 6:' })).toContainText('price "abc" is not a number');
  await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);

  // 3. Without the bad row it applies: one product updated, one created.
  await chooseFile(page, 'third.csv', csv(second));
  await expect(page.getByRole('heading', { name: /refused row/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('products-update')).toHaveText('1');
  await expect(page.getByTestId('products-create')).toHaveText('1');

  // The export has the imported products, one row per variant.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download This shop’s CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('products-shop.csv');
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported).toContain(`${tee},Import Tee ${tag},`);
  // The export has a tags column after featured (docs/adr/029-imports-that-real-exports-pass.md).
  expect(exported).toContain(`\r\n${tee},,,,,,,,,,,,,M,,,,,${tee}-m,19.99,,3,`);
  expect(exported).toContain(`${sock},Import Sock ${tag},`);

  // A SKU on two products (Shopify allows it): the dry run shows the suffix and imports once accepted.
  const mug = `e2e-import-mug-${tag}`;
  const cup = `e2e-import-cup-${tag}`;
  await chooseFile(
    page,
    'duplicates.csv',
    csv([
      row({ handle: mug, name: `Import Mug ${tag}`, sku: `${mug}-sku`, price: '9.00', stock: '1' }),
      row({ handle: cup, name: `Import Cup ${tag}`, sku: `${mug}-sku`, price: '7.00', stock: '1' }),
    ]),
  );
  await expect(page.getByRole('heading', { name: '1 refused row' })).toBeVisible();
  await expect(page.getByText(`${mug}-sku-2`)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Give the later rows these SKUs' }).check();
  await expect(page.getByRole('heading', { name: /refused row/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('products-create')).toHaveText('2');
});

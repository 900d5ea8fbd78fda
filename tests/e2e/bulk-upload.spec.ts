import { readFile } from 'node:fs/promises';
import { InventoryMessage } from '../../shared/domain/inventory.ts';
import { INVENTORY_COLUMNS } from '../../shared/domain/inventory-columns.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const DEALER = { email: 'dealer@example.com', password: 'dealer-demo-2026' };
const TOOLS = '/dashboard/selling/tools';

async function logIn(page: Page, account: { email: string; password: string }, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

type Row = Partial<Record<(typeof INVENTORY_COLUMNS)[number], string>>;

/** An Excel-style export: byte-order mark, Windows line endings, our template's columns. */
function inventoryCsv(rows: readonly Row[]): Buffer {
  const lines = [
    INVENTORY_COLUMNS.join(','),
    ...rows.map((row) =>
      INVENTORY_COLUMNS.map((column) => {
        const value = row[column] ?? '';
        return /[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
      }).join(','),
    ),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const item = (stock: string, overrides: Row = {}): Row => ({
  stock_number: stock,
  title: `Ruger 10/22 Carbine ${stock}`,
  category: 'Semi Auto Rifles',
  manufacturer: 'Ruger',
  model: '10/22 Carbine',
  caliber: '22 LR',
  condition: 'New in box',
  price: '329.99',
  quantity: '4',
  description: 'Blued barrel, hardwood stock, one 10-round magazine.',
  shipping_cost: '20',
  delivery_days: '2',
  excluded_states: 'CA|NY',
  ...overrides,
});

/** Records every value the import's progress bar shows, however briefly it is on screen. */
async function watchImportProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importProgress: string[] }).importProgress = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Importing"]')) {
        const text = `${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')} ${bar.getAttribute('aria-valuetext')}`;
        if (seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

test.describe('bulk inventory upload', () => {
  test('a dealer previews a CSV with bad rows, uploads it, follows the import and downloads the error report', async ({
    page,
  }) => {
    // Two uploads, a download and three accessibility scans.
    test.slow();
    const run = Date.now().toString(36).toUpperCase();
    const file = {
      name: 'bulk.csv',
      mimeType: 'text/csv',
      buffer: inventoryCsv([
        item(`E2E-${run}-1`),
        item(`E2E-${run}-2`, { price: '=HYPERLINK("http://example.com")' }),
        item(`E2E-${run}-3`, { upc: '764503037108' }),
        item(`E2E-${run}-4`, { condition: 'Mint' }),
        item(`E2E-${run}-5`, { quantity: '12' }),
      ]),
    };

    await logIn(page, DEALER, TOOLS);
    await expect(page).toHaveURL(TOOLS);
    await expect(page.getByRole('heading', { name: 'Bulk inventory upload' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upload history' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Columns of the inventory template' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The template the page links to is the server's, with our columns.
    const template = await page.request.get('/templates/inventory.csv');
    expect((await template.text()).split(/\r?\n/)[0]).toBe(INVENTORY_COLUMNS.join(','));

    await page.getByLabel('Choose a CSV file').setInputFiles(file);
    await expect(page.getByText('5 rows in bulk.csv: 3 ready, 2 with errors.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Stock number (required)' })).toHaveValue('stock_number');
    const errors = page.getByRole('table', { name: 'Rows with errors 1 to 2 of 2' });
    await expect(errors.getByRole('rowheader')).toHaveText(['2', '4']);
    await expect(errors.getByRole('row').nth(1)).toContainText(`Price: ${InventoryMessage.moneyInvalid}`);
    await expect(errors.getByRole('row').nth(2)).toContainText(
      `Condition: ${InventoryMessage.conditionUnknown('Mint')}`,
    );
    await expectNoAxeViolations(page);

    await watchImportProgress(page);
    await page.getByRole('button', { name: 'Upload 3 rows' }).click();
    const outcome = 'bulk.csv is uploaded: 3 created, 0 updated, 0 unchanged, 2 failed.';
    await expect(page.getByText(outcome).first()).toBeVisible({ timeout: 20_000 });
    const progress = await page.evaluate(
      () => (window as unknown as { importProgress: string[] }).importProgress,
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatch(/^0\/\d+ /);

    const history = page.getByRole('table', { name: 'Your inventory uploads, newest first' });
    const row = history.getByRole('row').filter({ hasText: 'bulk.csv' }).first();
    await expect(row.getByRole('cell')).toHaveText([
      /\d/,
      'Completed',
      '3',
      '0',
      '0',
      '2',
      'Download error report',
    ]);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download error report for bulk.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bulk-errors.csv');
    const report = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = report.trim().split(/\r?\n/);
    expect(header).toBe('row,stock_number,column,value,message');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^2,E2E-${run}-2,price,`));
    // A cell that a spreadsheet would run as a formula is written as text.
    expect(lines[0]).toContain(`'=HYPERLINK`);
    expect(lines[1]).toMatch(new RegExp(`^4,E2E-${run}-4,condition,Mint,`));

    // The same file again changes nothing: every good row is reported unchanged.
    await page.getByRole('button', { name: 'Upload 3 rows' }).click();
    await expect(
      page.getByText('bulk.csv is uploaded: 0 created, 0 updated, 3 unchanged, 2 failed.').first(),
    ).toBeVisible({ timeout: 20_000 });
    await expect(history.getByRole('row').filter({ hasText: 'bulk.csv' })).toHaveCount(2);
  });
});

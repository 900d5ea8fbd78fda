import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type BulkUpload, BulkUploadStatus } from '../../../shared/contract/inventory.ts';
import { InventoryMessage } from '../../../shared/domain/inventory.ts';
import { INVENTORY_COLUMNS } from '../../../shared/domain/inventory-columns.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { savedMappingKey } from './mapping-storage.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const SELLER_ID = SELLER_CLAIMS.unique_name as string;
const UPLOAD_ID = '0b0b0b0b-0000-4000-8000-000000000001';
const HEADER = ['Item #', ...INVENTORY_COLUMNS.slice(1)].join(',');
const line = (stock: string, price: string) =>
  `${stock},,Glock 19 ${stock},Semi Auto Pistols,Glock,19,9mm,New in box,${price},2,,,,,`;
const CSV = [HEADER, line('A-1', '549.99'), line('A-2', 'call'), line('A-3', '499.00')].join('\r\n');

function upload(overrides: Partial<BulkUpload>): BulkUpload {
  return {
    id: UPLOAD_ID,
    fileName: 'stock.csv',
    status: BulkUploadStatus.Queued,
    totalRows: 0,
    processedRows: 0,
    createdCount: 0,
    updatedCount: 0,
    unchangedCount: 0,
    errorCount: 0,
    failureMessage: null,
    errors: [],
    createdAt: '2026-11-20T15:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/** What the tools page's other sections read (distributor feeds, seller-API credentials): none yet. */
function otherSections(request: RecordedRequest): Response {
  const path = new URL(request.url, 'http://localhost').pathname;
  if (path === '/api/users/sellerapi') return jsonResponse({ credentials: [], created: null });
  return jsonResponse({ results: [] });
}

/** The server's side of the flow, step by step: queued, then processing, then done. */
function server() {
  const history: BulkUpload[][] = [
    [],
    [upload({ status: BulkUploadStatus.Processing, totalRows: 3, processedRows: 1 })],
    [
      upload({
        status: BulkUploadStatus.Completed,
        totalRows: 3,
        processedRows: 3,
        createdCount: 2,
        errorCount: 1,
        errors: [{ row: 2, column: 'price', message: InventoryMessage.moneyInvalid }],
        completedAt: '2026-11-20T15:00:05.000Z',
      }),
    ],
  ];
  let uploaded = false;
  let reads = 0;
  const fetch = createFakeFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/bulkuploads') {
      const step = uploaded ? Math.min(history.length - 1, ++reads) : 0;
      return jsonResponse({ results: history[step] });
    }
    if (path === '/api/users/process-bulkuploads' && request.method === 'POST') {
      uploaded = true;
      return jsonResponse({ results: [upload({})] });
    }
    return otherSections(request);
  });
  return fetch;
}

/** The preview's counts line (its numbers are emphasised, so it spans several elements). */
const counts = () =>
  [...document.querySelectorAll('p')]
    .map((node) => node.textContent ?? '')
    .find((text) => / rows? in /.test(text));

async function chooseFile(text: string, name = 'stock.csv') {
  const input = screen.getByLabelText('Choose a CSV file') as HTMLInputElement;
  const file = new File([text], name, { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy(), {
    timeout: 5000,
  });
}

describe('bulk upload on Seller Tools', () => {
  it('previews a file, sends it with the mapping, follows the import and lists it in the history', async () => {
    const fetch = server();
    renderApp('/dashboard/selling/tools', {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    expect(await screen.findByRole('heading', { name: 'Bulk inventory upload' })).toBeTruthy();
    expect(await screen.findByText('You have not uploaded an inventory file yet.')).toBeTruthy();
    const template = screen.getByRole('link', { name: 'inventory template (CSV)' });
    expect(template.getAttribute('href')).toBe('/templates/inventory.csv');
    expect(screen.getByRole('table', { name: 'Columns of the inventory template' })).toBeTruthy();

    await chooseFile(CSV);
    expect(counts()).toBe('3 rows in stock.csv: 2 ready, 1 with errors.');
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toContain(
      'stock.csv is read: 3 rows, 2 ready, 1 with errors.',
    );
    const preview = await screen.findByRole('table', { name: /Rows with errors 1 to 1 of 1/ });
    expect(within(preview).getByRole('rowheader').textContent).toBe('2');
    expect(preview.textContent).toContain(`Price: ${InventoryMessage.moneyInvalid}`);
    expect(screen.getByRole('combobox', { name: 'Stock number (required)' })).toHaveProperty(
      'value',
      'Item #',
    );

    // A correction of the mapping is remembered for this seller.
    fireEvent.change(screen.getByRole('combobox', { name: 'Title (required)' }), {
      target: { value: 'model' },
    });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(savedMappingKey(SELLER_ID)) ?? '{}')).toMatchObject({
        title: 'model',
      }),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Title (required)' }), {
      target: { value: 'title' },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload 2 rows' })).toHaveProperty('disabled', false),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 rows' }));
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.endsWith('/process-bulkuploads'))).toBe(true),
    );
    const sent = fetch.requests.find((r) => r.url.endsWith('/process-bulkuploads'))?.body as FormData;
    expect((sent.get('formFiles') as File).name).toBe('stock.csv');
    expect(JSON.parse(String(sent.get('request')))).toMatchObject({
      columnMapping: { stock_number: 'Item #', title: 'title', price: 'price' },
    });

    const progress = await screen.findByRole('progressbar', { name: 'Importing stock.csv' });
    await waitFor(() => expect(progress.getAttribute('aria-valuetext')).toBe('1 of 3 rows'));
    expect(progress.getAttribute('aria-valuemax')).toBe('3');

    const outcome = 'stock.csv is uploaded: 2 created, 0 updated, 0 unchanged, 1 failed.';
    // Shown once, in the live region that announces it to screen readers.
    await waitFor(() => expect(screen.getAllByText(outcome)).toHaveLength(1), { timeout: 4000 });
    expect(screen.getByText(outcome).closest('[role="status"]')).not.toBeNull();
    const history = screen.getByRole('table', { name: 'Your inventory uploads, newest first' });
    const row = within(history).getAllByRole('row')[1] as HTMLElement;
    // The file's whole name stays readable where a long one is cut short.
    expect(within(row).getByRole('rowheader').querySelector('[title="stock.csv"]')?.textContent).toBe(
      'stock.csv',
    );
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.any(String), 'Completed', '2', '0', '0', '1', 'Download error report']);
    // The file and its preview stay, to fix and send again.
    expect(counts()).toBe('3 rows in stock.csv: 2 ready, 1 with errors.');
  }, 20_000);

  it('keeps the file and its preview when the upload is refused', async () => {
    const fetch = createFakeFetch((request) => {
      if (request.url.includes('/process-bulkuploads')) {
        return jsonResponse(
          { error: { code: 'rate_limited', message: 'Too many uploads. Try again in a minute.' } },
          429,
        );
      }
      return otherSections(request);
    });
    renderApp('/dashboard/selling/tools', {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    await screen.findByRole('heading', { name: 'Bulk inventory upload' });
    await chooseFile(CSV);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 rows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many uploads. Try again in a minute.');
    expect(counts()).toBe('3 rows in stock.csv: 2 ready, 1 with errors.');
    expect(screen.getByRole('button', { name: 'Upload 2 rows' })).toHaveProperty('disabled', false);
  });

  it('refuses an Excel workbook and a file it cannot read, saying why', async () => {
    renderApp('/dashboard/selling/tools', {
      fetch: createFakeFetch(otherSections),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    await screen.findByRole('heading', { name: 'Bulk inventory upload' });
    const input = screen.getByLabelText('Choose a CSV file') as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      value: [new File(['PK'], 'stock.xlsx', { type: 'application/vnd.ms-excel' })],
      configurable: true,
    });
    fireEvent.change(input);
    expect((await screen.findByRole('alert')).textContent).toMatch(/stock\.xlsx is an Excel workbook/);

    Object.defineProperty(input, 'files', {
      value: [new File(['hello,world\n1,2\n'], 'notes.csv', { type: 'text/csv' })],
      configurable: true,
    });
    await act(async () => {
      fireEvent.change(input);
    });
    await waitFor(() =>
      expect(screen.getByText(/notes\.csv could not be read\. The first row does not name/)).toBeTruthy(),
    );
  });

  it('takes a dropped file, and on desktop the native picker for inventory files', async () => {
    const picked: string[] = [];
    const platform = {
      ...createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
      kind: 'desktop' as const,
      pickFiles: async (kind: string) => {
        picked.push(kind);
        return [new File([CSV.replace(/A-/g, 'N-')], 'native.csv', { type: 'text/csv' })];
      },
    };
    renderApp('/dashboard/selling/tools', {
      fetch: createFakeFetch(otherSections),
      platform,
    });
    await screen.findByRole('heading', { name: 'Bulk inventory upload' });

    const zone = screen.getByRole('group', { name: 'Inventory file' });
    fireEvent.drop(zone, { dataTransfer: { files: [new File([CSV], 'dropped.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(counts()).toBe('3 rows in dropped.csv: 2 ready, 1 with errors.'));

    fireEvent.click(screen.getByRole('button', { name: 'Browse this computer' }));
    await waitFor(() => expect(counts()).toBe('3 rows in native.csv: 2 ready, 1 with errors.'));
    expect(picked).toEqual(['bulkInventory']);
  });

  it('keeps the last of several quick mapping changes, and the choices stay usable while rows are checked', async () => {
    renderApp('/dashboard/selling/tools', {
      fetch: createFakeFetch(otherSections),
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    });
    await screen.findByRole('heading', { name: 'Bulk inventory upload' });
    await chooseFile(CSV);
    const title = screen.getByRole('combobox', { name: 'Title (required)' });
    const price = screen.getByRole('combobox', { name: 'Price (required)' });
    fireEvent.change(title, { target: { value: 'model' } });
    expect(price).toHaveProperty('disabled', false);
    fireEvent.change(price, { target: { value: '' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Choose a column for price/);
    await waitFor(() => expect(counts()).toBe('3 rows in stock.csv: 0 ready, 3 with errors.'));
    expect(title).toHaveProperty('value', 'model');
    expect(price).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Upload 0 rows' })).toHaveProperty('disabled', true);
  });
});

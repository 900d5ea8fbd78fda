import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DistributorFeed } from '../../../shared/contract/distributor-feeds.ts';
import { SessionSync } from '../../lib/session/session-sync.tsx';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken, SELLER_CLAIMS } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { DistributorFeedsSection } from './distributor-feeds-section.tsx';

afterEach(() => {
  cleanup();
});

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const RSR_FEED: DistributorFeed = {
  id: '7d0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b',
  name: 'RSR nightly',
  source: 'url',
  url: 'https://feeds.example-distributor.com/rsrinventory-new.txt',
  fileName: null,
  format: 'rsr',
  columnMapping: null,
  priceRule: { markup: 'percent', amount: 20, rounding: 'cents99' },
  shippingCost: 25,
  deliveryDays: 2,
  schedule: 'Daily',
  isActive: true,
  distributorId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  lastRunAt: '2026-03-02T06:00:00.000Z',
  lastStatus: 'Succeeded',
  lastMessage: '6 created, 0 updated, 0 unchanged, 0 closed, 1 failed.',
  nextRunAt: '2026-03-03T06:00:00.000Z',
  createdAt: '2026-03-01T12:00:00.000Z',
  runs: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      status: 'Succeeded',
      trigger: 'schedule',
      startedAt: '2026-03-02T05:59:00.000Z',
      finishedAt: '2026-03-02T06:00:00.000Z',
      totalRows: 7,
      created: 6,
      updated: 0,
      unchanged: 0,
      closed: 0,
      skipped: 0,
      failed: 1,
      message: '6 created, 0 updated, 0 unchanged, 0 closed, 1 failed.',
      errors: [
        { line: 5, stockNumber: 'MAG12345', message: 'The line has 6 fields; an RSR inventory line has 77.' },
      ],
    },
  ],
};

const requestOf = (request: RecordedRequest) => {
  const form = request.body as FormData;
  return { json: JSON.parse(String(form.get('request'))), file: form.get('feedFile') };
};

function renderSection(
  feeds: DistributorFeed[],
  onSave: (request: RecordedRequest) => Response = () => jsonResponse(RSR_FEED),
) {
  const fetch = createFakeFetch((request) => {
    if (request.url.includes('/users/GetDistributorFeed')) return jsonResponse({ results: feeds });
    if (request.url.includes('/users/ManageDistributorFeed')) return onSave(request);
    if (request.url.includes('/users/DeleteDistributorFeed/')) return jsonResponse({ success: true });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
  renderWithRouter(
    <>
      <SessionSync />
      <DistributorFeedsSection />
    </>,
    {
      fetch,
      platform: createMemoryPlatform(fakeToken(SELLER_CLAIMS)),
    },
  );
  return fetch;
}

const saves = (fetch: { requests: RecordedRequest[] }) =>
  fetch.requests.filter((request) => request.url.includes('/users/ManageDistributorFeed'));

describe('the distributor feeds section', () => {
  it('lists each feed with its last pull, its counts and the lines that failed', async () => {
    renderSection([RSR_FEED]);
    const section = within(await screen.findByRole('region', { name: 'Distributor feeds' }));
    const feed = within(await section.findByRole('listitem', { name: 'RSR nightly' }));
    expect(feed.getByText('RSR Group inventory (semicolon-delimited)')).toBeTruthy();
    expect(feed.getByText(/Last pull succeeded/)).toBeTruthy();
    expect(feed.getByText('6 created, 0 updated, 0 unchanged, 0 closed, 1 failed.')).toBeTruthy();
    expect(feed.getByText('Show the line that failed')).toBeTruthy();
    expect(feed.getByText(/Line 5 \(MAG12345\): The line has 6 fields/)).toBeTruthy();
  });

  it('pulls a feed now with its stored settings and says what the pull did', async () => {
    const pulled: DistributorFeed = {
      ...RSR_FEED,
      runs: [{ ...RSR_FEED.runs[0]!, trigger: 'manual', created: 0, updated: 2, unchanged: 4, closed: 1 }],
    };
    const fetch = renderSection([RSR_FEED], () => jsonResponse(pulled));
    await click(await screen.findByRole('button', { name: 'Pull now: RSR nightly' }));
    expect(
      await screen.findByText('RSR nightly pulled: 0 created, 2 updated, 4 unchanged, 1 closed, 1 failed.'),
    ).toBeTruthy();
    const [sent] = saves(fetch);
    expect(sent?.method).toBe('POST');
    expect(requestOf(sent!).json).toMatchObject({
      id: RSR_FEED.id,
      name: 'RSR nightly',
      format: 'rsr',
      url: RSR_FEED.url,
      priceRule: RSR_FEED.priceRule,
      pullNow: true,
    });
  });

  it('checks a new feed with the shared rules before sending, and previews the price rule', async () => {
    const fetch = renderSection([]);
    await screen.findByText('You have no distributor feeds yet.');
    await click(screen.getByRole('button', { name: 'Add a feed' }));
    const form = within(screen.getByRole('form', { name: 'Add a distributor feed' }));
    expect(form.getByText(/costs you \$100\.00 lists at \$115\.99/)).toBeTruthy();
    fireEvent.change(form.getByLabelText('Markup amount'), { target: { value: '20' } });
    fireEvent.change(form.getByLabelText('Rounding'), { target: { value: 'whole' } });
    expect(await form.findByText(/costs you \$100\.00 lists at \$120\.00/)).toBeTruthy();
    await click(form.getByRole('button', { name: 'Save feed' }));
    expect(await form.findByText('Name the feed.')).toBeTruthy();
    expect(form.getByText('Enter the http(s) address of the feed.')).toBeTruthy();
    const name = form.getByLabelText('Feed name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(saves(fetch)).toHaveLength(0);
  });

  it('adds a generic CSV feed from an uploaded file with its column mapping', async () => {
    const fetch = renderSection([], (request) => {
      const { json } = requestOf(request);
      return jsonResponse({
        ...RSR_FEED,
        ...json,
        id: RSR_FEED.id,
        fileName: 'inventory.csv',
        url: null,
        runs: [],
      });
    });
    await click(await screen.findByRole('button', { name: 'Add a feed' }));
    const form = within(screen.getByRole('form', { name: 'Add a distributor feed' }));
    fireEvent.change(form.getByLabelText('Feed name'), { target: { value: 'Store export' } });
    fireEvent.change(form.getByLabelText('Format'), { target: { value: 'generic-csv' } });
    await click(form.getByLabelText('A file you upload'));
    const file = new File(['Col A,Col B,Col C,Col D\nA1,Widget,5.00,3\n'], 'inventory.csv', {
      type: 'text/csv',
    });
    fireEvent.change(form.getByLabelText('Feed file'), { target: { files: [file] } });
    await click(form.getByRole('button', { name: 'Save feed' }));
    expect(
      await form.findByText('Map the columns stock_number, title, price, quantity of your file.'),
    ).toBeTruthy();
    fireEvent.change(form.getByLabelText('Stock number'), { target: { value: 'Col A' } });
    fireEvent.change(form.getByLabelText('Title'), { target: { value: 'Col B' } });
    fireEvent.change(form.getByLabelText('Your cost'), { target: { value: 'Col C' } });
    fireEvent.change(form.getByLabelText('Quantity'), { target: { value: 'Col D' } });
    await click(form.getByRole('button', { name: 'Save feed' }));
    expect(await screen.findByText('Store export is saved.')).toBeTruthy();
    const sent = requestOf(saves(fetch)[0]!);
    expect(sent.json).toMatchObject({
      name: 'Store export',
      source: 'upload',
      format: 'generic-csv',
      columnMapping: { stock_number: 'Col A', title: 'Col B', price: 'Col C', quantity: 'Col D' },
    });
    expect(sent.json.url).toBeUndefined();
    expect((sent.file as File).name).toBe('inventory.csv');
  });

  it('fills the column mapping from the chosen file’s header', async () => {
    const fetch = renderSection([], (request) =>
      jsonResponse({ ...RSR_FEED, ...requestOf(request).json, id: RSR_FEED.id, url: null, runs: [] }),
    );
    await click(await screen.findByRole('button', { name: 'Add a feed' }));
    const form = within(screen.getByRole('form', { name: 'Add a distributor feed' }));
    fireEvent.change(form.getByLabelText('Feed name'), { target: { value: 'Counter stock' } });
    fireEvent.change(form.getByLabelText('Format'), { target: { value: 'generic-csv' } });
    await click(form.getByLabelText('A file you upload'));
    const file = new File(['SKU,Title,Dealer Cost,MAP,Quantity\nA1,Widget,5.00,7.00,3\n'], 'stock.csv');
    await act(async () => {
      fireEvent.change(form.getByLabelText('Feed file'), { target: { files: [file] } });
    });
    expect(await form.findByText(/Columns were filled in from your file’s header/)).toBeTruthy();
    expect((form.getByLabelText('Stock number') as HTMLInputElement).value).toBe('SKU');
    expect((form.getByLabelText('Your cost') as HTMLInputElement).value).toBe('Dealer Cost');
    await click(form.getByRole('button', { name: 'Save feed' }));
    expect(await screen.findByText('Counter stock is saved.')).toBeTruthy();
    expect(requestOf(saves(fetch)[0]!).json.columnMapping).toEqual({
      stock_number: 'SKU',
      title: 'Title',
      price: 'Dealer Cost',
      map_price: 'MAP',
      quantity: 'Quantity',
    });
  });

  it('shows the server’s message on the field it names', async () => {
    renderSection([], () =>
      jsonResponse(
        { error: { code: 'conflict', message: 'You already have a distributor feed named “RSR nightly”.' } },
        409,
      ),
    );
    await click(await screen.findByRole('button', { name: 'Add a feed' }));
    const form = within(screen.getByRole('form', { name: 'Add a distributor feed' }));
    fireEvent.change(form.getByLabelText('Feed name'), { target: { value: 'RSR nightly' } });
    fireEvent.change(form.getByLabelText('Feed address'), {
      target: { value: 'https://feeds.example.com/rsr.txt' },
    });
    await click(form.getByRole('button', { name: 'Save feed' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'You already have a distributor feed named “RSR nightly”.',
    );
  });

  it('deletes a feed after asking', async () => {
    const fetch = renderSection([RSR_FEED]);
    await click(await screen.findByRole('button', { name: 'Delete RSR nightly' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete RSR nightly?' }));
    await click(dialog.getByRole('button', { name: 'Delete feed' }));
    expect(await screen.findByText('RSR nightly is deleted. Its listings stay as they are.')).toBeTruthy();
    const deletes = fetch.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => new URL(request.url, 'http://localhost').pathname)).toEqual([
      `/api/users/DeleteDistributorFeed/${RSR_FEED.id}`,
    ]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { BulkUpload } from '../../shared/contract/inventory.ts';
import { createBulkUploadClient, SIGNED_OUT_MESSAGE } from '../../src-main/services/bulk-upload-client.ts';
import { UploadFailure } from '../../src-main/services/watched-folder.ts';

const ORIGIN = 'https://api.ironsight.example';
const UPLOAD_ID = '0b7e5a52-6f0e-4c1e-9d0a-1b2c3d4e5f60';

function upload(overrides: Partial<BulkUpload> = {}): BulkUpload {
  return {
    id: UPLOAD_ID,
    fileName: 'inventory.csv',
    status: 'Queued',
    totalRows: 0,
    processedRows: 0,
    createdCount: 0,
    updatedCount: 0,
    unchangedCount: 0,
    errorCount: 0,
    failureMessage: null,
    errors: [],
    createdAt: '2025-05-01T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answers: Array<Response | Error>, token: string | null = 'eyJ.eyJ.sig') {
  const clock = { time: 0, now: () => clock.time };
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  // Each wait passes at once and moves the clock on by its length.
  const timers = {
    setTimeout: (callback: () => void, ms: number) => {
      clock.time += ms;
      queueMicrotask(callback);
      return 0;
    },
    clearTimeout: () => {},
  };
  const client = createBulkUploadClient({
    apiOrigin: `${ORIGIN}/`,
    getToken: async () => token,
    fetch,
    timers,
    clock,
    pollMs: 3000,
    waitMs: 30_000,
  });
  return { client, requests, fetch };
}

const file = { name: 'inventory.csv', data: new TextEncoder().encode('stock_number,title\nA1,Glock\n') };

describe('bulk upload client (the watched folder’s uploader)', () => {
  it('sends the file as the bulk-upload page does, with the keychain’s token', async () => {
    const { client, requests } = setup([json(200, { results: [upload()] })]);
    await expect(client.send(file)).resolves.toEqual({ uploadId: UPLOAD_ID });
    const [request] = requests;
    expect(request?.url).toBe(`${ORIGIN}/api/users/process-bulkuploads`);
    expect(request?.init.method).toBe('POST');
    expect(request?.init.headers).toMatchObject({ authorization: 'Bearer eyJ.eyJ.sig' });
    const form = request?.init.body as FormData;
    const sent = form.get('formFiles') as File;
    expect(sent.name).toBe('inventory.csv');
    expect(sent.type).toBe('text/csv');
    expect(await sent.text()).toBe('stock_number,title\nA1,Glock\n');
    expect(form.has('request')).toBe(false);
  });

  it('asks for a sign-in without calling the server when no one is signed in', async () => {
    const { client, fetch } = setup([], null);
    const failure = await client.send(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadFailure);
    expect(failure).toMatchObject({ message: SIGNED_OUT_MESSAGE, retryable: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells retryable failures (no connection, 429, 5xx, 401) from refusals (other 4xx)', async () => {
    const { client } = setup([
      new TypeError('fetch failed'),
      json(429, { error: { code: 'rate_limited', message: 'Too many requests.' } }),
      json(503, { error: { code: 'unavailable', message: 'Try again later.' } }),
      json(401, { error: { code: 'unauthorized', message: 'Sign in.' } }),
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'The request is not valid.',
          fields: { formFiles: 'Expected a CSV file.' },
        },
      }),
    ]);
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) {
      const error = (await client.send(file).catch((caught: unknown) => caught)) as UploadFailure;
      outcomes.push([error.message, error.retryable]);
    }
    expect(outcomes).toEqual([
      ['The server could not be reached.', true],
      ['Too many requests.', true],
      ['Try again later.', true],
      [SIGNED_OUT_MESSAGE, true],
      ['The request is not valid. Expected a CSV file.', false],
    ]);
  });

  it('follows the upload history until the server has processed the file', async () => {
    const { client, requests } = setup([
      json(200, { results: [upload({ status: 'Processing', processedRows: 10 })] }),
      new TypeError('fetch failed'),
      json(200, {
        results: [
          upload({ id: '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70', status: 'Completed' }),
          upload({ status: 'Completed', createdCount: 4, updatedCount: 2, unchangedCount: 9, errorCount: 1 }),
        ],
      }),
    ]);
    await expect(client.result(UPLOAD_ID, 'inventory.csv')).resolves.toEqual({
      uploadId: UPLOAD_ID,
      status: 'Completed',
      createdCount: 4,
      updatedCount: 2,
      unchangedCount: 9,
      errorCount: 1,
      failureMessage: null,
    });
    expect(requests.map((request) => `${request.init.method} ${request.url}`)).toEqual([
      `GET ${ORIGIN}/api/users/bulkuploads`,
      `GET ${ORIGIN}/api/users/bulkuploads`,
      `GET ${ORIGIN}/api/users/bulkuploads`,
    ]);
  });

  it('leaves the result to the upload history when processing takes longer than it waits', async () => {
    const answers = Array.from({ length: 20 }, () =>
      json(200, { results: [upload({ status: 'Processing' })] }),
    );
    const { client, requests } = setup(answers);
    await expect(client.result(UPLOAD_ID, 'inventory.csv')).resolves.toMatchObject({ status: 'Processing' });
    expect(requests).toHaveLength(10);
  });
});

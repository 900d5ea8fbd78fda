import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { type S3TestServer, startS3TestServer } from '../support/s3-test-server.ts';
import { SMALL_PDF, sentMessage } from './support/messages.ts';
import { type Account, account, get, listing } from './support/orders.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { cameraJpeg, multipartForm } from './support/uploads.ts';

let s3: S3TestServer;
let t: TestApp;
let dataDir: string;
let seller: Account;
let buyer: Account;
let stranger: Account;

beforeAll(async () => {
  s3 = await startS3TestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-s3-app-'));
  t = await createTestApp({ dataDir, blobStore: 's3', s3: s3.settings });
  [seller, buyer, stranger] = [
    await account(t.database.db, 'seller'),
    await account(t.database.db, 'buyer'),
    await account(t.database.db, 'buyer'),
  ];
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const objectWrites = () =>
  s3.requests.filter((request) => request.startsWith('PUT ')).map((request) => request.split('?')[0]);

describe('files in an S3-compatible bucket (BLOB_STORE=s3), served through the server', () => {
  it('keeps a listing photo in the bucket and serves each size with a year of caching', async () => {
    const form = multipartForm(
      {
        request: JSON.stringify({
          title: 'Leupold VX-3HD 4.5-14x40',
          description: '<p>Clear glass.</p>',
          familyId: CategoryFamilyId.Optics,
          condition: 'Used',
          quantity: 1,
          price: 499,
          zipCode: '75201',
        }),
      },
      [{ filename: 'scope.jpg', contentType: 'image/jpeg', data: await cameraJpeg(1200, 900) }],
    );
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/listings/add',
      headers: { ...form.headers, authorization: seller.authorization },
      payload: form.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const src: string = added.json().images[0].src;
    const id = /\/media\/listings\/([0-9a-f-]{36})\.jpg$/.exec(src)?.[1];
    expect(objectWrites()).toEqual(
      expect.arrayContaining(
        ['original', 'w768', 'w412', 'thumb'].map(
          (size) => `PUT /ironsight-files/listings/${id}/${size}.jpg`,
        ),
      ),
    );
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);

    for (const [query, width] of [
      ['', 900],
      ['?w=412', 412],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${src}${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(res.rawPayload).metadata()).width, query).toBe(width);
    }

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/listings/delete/${added.json().id}`,
      headers: { authorization: seller.authorization },
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(404);
  });

  it('serves a message attachment from the bucket only to the conversation, never kept by caches', async () => {
    const listingId = await listing(t.database.db, seller.id, { title: 'Walnut-stock lever rifle' });
    const sent = await sentMessage(t.app, buyer, { listingId, body: 'The receipt.' }, [
      { filename: 'receipt.pdf', contentType: 'application/pdf', data: SMALL_PDF },
    ]);
    const url = sent.attachments[0]!.url;
    expect(objectWrites()).toContain(`PUT /ironsight-files/message-attachments/${sent.attachments[0]!.id}`);

    const read = await get(t.app, url, seller);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(SMALL_PDF)).toBe(true);
    expect((await get(t.app, url, stranger)).statusCode).toBe(404);
  });
});

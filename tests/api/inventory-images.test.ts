import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { Condition } from '../../shared/domain/listing.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { fileBlobStore } from '../../src-server/files/blob-store.ts';
import {
  fetchPendingImages,
  IMAGE_FETCH_LIMITS,
  type ImageFetchDeps,
  isAllowedAddress,
} from '../../src-server/modules/inventory/image-fetch.ts';
import { upsertInventory } from '../../src-server/modules/inventory/upsert.ts';
import { type AccountsTestApp, createAccountsTestApp, DEMO_ACCOUNTS } from './support/accounts.ts';
import { plainPng } from './support/uploads.ts';

let t: AccountsTestApp;
let server: Server;
let origin: string;
let png: Buffer;

beforeAll(async () => {
  t = await createAccountsTestApp();
  png = await plainPng(300, 200);
  server = createServer((request, response) => {
    if (request.url === '/photo.png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (request.url === '/moved') return response.writeHead(302, { location: '/photo.png' }).end();
    if (request.url === '/page.html')
      return response.writeHead(200, { 'content-type': 'image/png' }).end('<html>no</html>');
    if (request.url === '/big.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(Buffer.alloc(2 * 1024 * 1024, 1));
    }
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const deps = (allowLoopback: boolean): ImageFetchDeps => ({
  db: t.database.db,
  blobs: fileBlobStore(`${t.dataDir}/files`),
  log: t.app.log,
  limits: { ...IMAGE_FETCH_LIMITS, allowLoopback, maxBytes: 1024 * 1024, timeoutMs: 5000 },
});

async function listingWithLinks(stock: string, imageUrls: string[]) {
  const [outcome] = await t.database.db.transaction((tx) =>
    upsertInventory(
      tx,
      DEMO_ACCOUNTS.dealer.id,
      [
        {
          stockNumber: stock,
          title: `Leupold VX-3HD ${stock}`,
          familyId: CategoryFamilyId.Optics,
          condition: Condition.NewInBox,
          price: 599,
          quantity: 1,
          description: 'Riflescope.',
          imageUrls,
          shippingCost: 0,
          deliveryDays: 3,
          excludedShipToStates: [],
        },
      ],
      { kind: 'bulk', uploadId: '2f1e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b' },
    ),
  );
  return outcome?.listingId ?? '';
}

const sourcesOf = (listingId: string) =>
  queryRows<{ url: string; status: string; error: string | null }>(
    t.database.db,
    sql`select url, status, error from listing_image_sources where listing_id = ${listingId} order by position`,
  );

describe('photo links of inventory rows', () => {
  it('never connects to private, link-local or (outside tests) loopback addresses', () => {
    for (const address of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
      '::7f00:1',
      '::ffff:0:a00:1',
      '2002:a00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
    ]) {
      expect(isAllowedAddress(address, true), address).toBe(false);
    }
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('::1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('93.184.216.34', false)).toBe(true);
    expect(isAllowedAddress('2606:4700::1111', false)).toBe(true);
  });

  it('refuses a loopback link when loopback is not allowed, and gives it up', async () => {
    const id = await listingWithLinks('IMG-1', [`${origin}/photo.png`, 'http://10.0.0.5/photo.png']);
    expect(await fetchPendingImages(deps(false))).toBe(2);
    const sources = await sourcesOf(id);
    expect(sources.map((source) => source.status)).toEqual(['failed', 'failed']);
    expect(sources[0]?.error).toMatch(/not fetched from/);
  });

  it('fetches an allowed link (following a redirect) into the listing’s photos', async () => {
    const id = await listingWithLinks('IMG-2', [
      `${origin}/moved`,
      `${origin}/page.html`,
      `${origin}/big.png`,
    ]);
    while ((await fetchPendingImages(deps(true))) > 0) {}
    const sources = await sourcesOf(id);
    expect(sources.map((source) => source.status)).toEqual(['fetched', 'failed', 'failed']);
    expect(sources[1]?.error).toMatch(/not a JPEG, PNG or WebP/);
    expect(sources[2]?.error).toMatch(/too large/);
    const [listing] = await queryRows<{ thumbnail_picture: string; photos: number }>(
      t.database.db,
      sql`select thumbnail_picture, (select count(*)::int from listing_images i where i.listing_id = l.id) as photos
        from listings l where l.id = ${id}`,
    );
    expect(listing?.photos).toBe(1);
    expect(listing?.thumbnail_picture).toMatch(/^\/media\/listings\/.+\.png$/);
  });
});

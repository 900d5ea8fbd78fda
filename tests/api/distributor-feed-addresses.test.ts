import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributorFeedInput } from '../../shared/contract/distributor-feeds.ts';
import { accountsSeedPart } from '../../src-server/seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { authed, tokenOf } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { multipartForm } from './support/uploads.ts';

// Outside the test environment, where feeds must come from the public internet (the other feed
// tests serve their files from this machine).
let t: TestApp;
let dataDir: string;
let seller: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-feed-addresses-'));
  t = await createTestApp({ dataDir, nodeEnv: 'development' });
  await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [accountsSeedPart]);
  seller = await tokenOf(t.app, 'dealer');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let unique = 0;
function register(url: string) {
  unique += 1;
  const request: DistributorFeedInput = {
    name: `Feed ${unique}`,
    source: 'url',
    url,
    format: 'zanders',
    priceRule: { markup: 'percent', amount: 20, rounding: 'cents99' },
  };
  const form = multipartForm({ request: JSON.stringify(request) }, []);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/ManageDistributorFeed',
    payload: form.payload,
    headers: { ...form.headers, ...authed(seller) },
  });
}

describe('a feed address on a private network is refused when the feed is registered', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:8080/feed.csv', '127.0.0.1'],
    ['localhost', 'http://localhost/feed.csv', 'localhost'],
    ['a private network', 'http://192.168.1.10/feed.csv', '192.168.1.10'],
    ['another private network', 'https://10.0.0.5/feed.csv', '10.0.0.5'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['IPv6 loopback', 'http://[::1]/feed.csv', '::1'],
    ['IPv6 link-local', 'http://[fe80::1]/feed.csv', 'fe80::1'],
    ['IPv4 mapped into IPv6', 'http://[::ffff:127.0.0.1]/feed.csv', '::ffff:7f00:1'],
    ['the unspecified address', 'http://0.0.0.0/feed.csv', '0.0.0.0'],
  ])('%s', async (_what, url, host) => {
    const res = await register(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'The request is not valid.',
      fields: { url: `The feed must be on the public internet: ${host} is not a public internet address.` },
    });
  });

  it('a public address is registered', async () => {
    const res = await register('https://feeds.example-distributor.com/inventory.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toBe('https://feeds.example-distributor.com/inventory.csv');
  });
});

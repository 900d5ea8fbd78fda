import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../../shared/domain/text.ts';
import * as accounts from './support/accounts.ts';
import { basicAuth, createCredential, listingInput, requestToken } from './support/seller-api.ts';
import { multipartForm } from './support/uploads.ts';

/** Text no PostgreSQL text or JSON column can store: an unpaired surrogate, and NUL. */
const SURROGATE = 'x\ud800y';
const NUL = 'x\u0000y';

let t: accounts.AccountsTestApp;
const tokens = { buyer: '', seller: '', admin: '', sellerApi: '' };
beforeAll(async () => {
  t = await accounts.createAccountsTestApp();
  tokens.buyer = await accounts.tokenOf(t.app, 'buyer');
  tokens.seller = await accounts.tokenOf(t.app, 'seller');
  tokens.admin = await accounts.tokenOf(t.app, 'admin');
  const credential = await createCredential(t.app, tokens.seller);
  const res = await requestToken(
    t.app,
    { grant_type: 'client_credentials' },
    { authorization: basicAuth(credential.clientId, credential.clientSecret) },
  );
  tokens.sellerApi = res.json().access_token;
});
afterAll(() => t.close());

const json = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: accounts.authed(token),
    remoteAddress: accounts.freshAddress(),
  });

const multipart = (url: string, token: string, request: object) => {
  const form = multipartForm({ request: JSON.stringify(request) }, []);
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...accounts.authed(token) },
  });
};

const inventoryItem = (overrides: object) => ({
  title: 'Glock 19 Gen 5',
  description: 'New in the box.',
  familyId: 1,
  condition: 'NewInBox',
  price: 549.99,
  quantity: 3,
  ...overrides,
});

interface Case {
  name: string;
  send: (text: string) => Promise<LightMyRequestResponse>;
  field: string | ((text: string) => string);
}

const fieldOf = (field: Case['field'], text: string) => (typeof field === 'string' ? field : field(text));

const CASES: Case[] = [
  {
    name: 'seller API upsert, title',
    send: (text) =>
      json(
        'PUT',
        '/api/seller/v1/inventory/SKU-1',
        tokens.sellerApi,
        inventoryItem({ title: `Glock ${text}` }),
      ),
    field: 'title',
  },
  {
    name: 'seller API batch, an item’s manufacturer',
    send: (text) =>
      json('POST', '/api/seller/v1/inventory', tokens.sellerApi, {
        items: [{ stockNumber: 'SKU-2', ...inventoryItem({ manufacturer: text }) }],
      }),
    field: 'items.0.manufacturer',
  },
  {
    name: 'saved-search keyword',
    send: (text) =>
      json('POST', '/api/users/addOrUpdateSaveSearch', tokens.buyer, {
        name: 'Deer rifles',
        searchQuery: `keyword=${text}`,
      }),
    field: 'searchQuery',
  },
  {
    name: 'credit description',
    send: (text) =>
      json('POST', '/api/pprAdmin/add-credit-to-user', tokens.admin, {
        userId: accounts.DEMO_ACCOUNTS.buyer.id,
        amount: 5,
        description: `Goodwill ${text}`,
      }),
    field: 'description',
  },
  {
    name: 'listing manufacturer (multipart)',
    send: (text) => multipart('/api/listings/add', tokens.seller, listingInput({ manufacturer: text })),
    field: 'manufacturer',
  },
  {
    name: 'feed column mapping',
    send: (text) =>
      multipart('/api/users/ManageDistributorFeed', tokens.seller, {
        name: 'Warehouse CSV',
        source: 'url',
        url: 'https://feeds.example.com/inventory.csv',
        format: 'csv',
        columnMapping: { stock_number: 'SKU', title: text, price: 'Cost', quantity: 'Qty' },
        priceRule: { markup: 'percent', amount: 20, rounding: 'cents99' },
        schedule: 'Daily',
      }),
    field: 'columnMapping.title',
  },
  {
    name: 'a key of a JSON object',
    send: (text) =>
      json('POST', '/api/seller/v1/inventory', tokens.sellerApi, {
        items: [{ stockNumber: 'SKU-3', ...inventoryItem({}), [text]: 'extra' }],
      }),
    // The field is named by the key itself.
    field: (text) => `items.0.${text}`,
  },
];

describe('text PostgreSQL cannot store answers 400 naming the field, never 500', () => {
  it.each(CASES)('$name: an unpaired surrogate', async ({ send, field }) => {
    const res = await send(SURROGATE);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    const fields = res.json().error.fields as Record<string, string>;
    expect(Object.values(fields)).toEqual([TEXT_MESSAGES.brokenCharacters]);
    expect(Object.keys(fields)).toEqual([fieldOf(field, SURROGATE)]);
  });

  it.each(CASES)('$name: NUL', async ({ send, field }) => {
    const res = await send(NUL);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    const fields = res.json().error.fields as Record<string, string>;
    expect(Object.values(fields)).toEqual([TEXT_MESSAGES.controlCharacters]);
    expect(Object.keys(fields)).toEqual([fieldOf(field, NUL)]);
  });

  it('a surrogate pair (an emoji) is text like any other', async () => {
    const res = await json('POST', '/api/users/addOrUpdateSaveSearch', tokens.buyer, {
      name: 'Deer rifles 🦌',
      searchQuery: 'keyword=deer',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('POST /api/oauth/token with HTTP Basic credentials a database cannot store', () => {
  it.each([
    ['NUL in the client id', basicAuth(NUL, 'secret')],
    ['NUL in the secret', basicAuth('client', NUL)],
    ['a raw NUL byte before the colon', `Basic ${Buffer.from('cli\u0000ent:secret').toString('base64')}`],
  ])('%s answers 400 invalid_request', async (_name, authorization) => {
    const res = await requestToken(t.app, { grant_type: 'client_credentials' }, { authorization });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    expect(res.json().error_description).toMatch(/control characters/);
  });

  it('a NUL in the form body answers 400 too', async () => {
    const res = await requestToken(t.app, {
      grant_type: 'client_credentials',
      client_id: NUL,
      client_secret: 'secret',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });
});

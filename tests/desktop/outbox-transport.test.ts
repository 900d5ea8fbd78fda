import { describe, expect, it, vi } from 'vitest';
import { outboxActionSchema } from '../../shared/desktop-ipc.ts';
import {
  accountOfToken,
  changedFields,
  createOutboxTransport,
  outboxRequestFor,
} from '../../src-main/services/outbox-transport.ts';

const ORIGIN = 'https://api.ironsight.example';
const KEY = '00000000-0000-4000-8000-000000000001';
const LISTING = '7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f61';
const OFFER = '5a1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';
const ORDER = '9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f71';
const RECIPIENT = '3c1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f72';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answers: Array<Response | Error>, token: string | null = 'eyJ.eyJ.sig') {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const transport = createOutboxTransport({ apiOrigin: ORIGIN, getToken: async () => token, fetch });
  return { transport, requests, fetch };
}

const listingEdit = outboxActionSchema.parse({
  kind: 'listingEdit',
  input: {
    id: LISTING,
    title: 'Glock 19 Gen 5',
    description: 'Like new.',
    familyId: 1,
    condition: 'Used',
    quantity: 1,
    price: 499,
  },
  expected: { price: 549, quantity: 1, title: 'Glock 19 Gen 5' },
});

describe('outbox transport', () => {
  it('maps each action to its contract call', () => {
    const calls = [
      outboxActionSchema.parse({
        kind: 'message',
        input: { recipientId: RECIPIENT, body: 'Still available?' },
      }),
      listingEdit,
      outboxActionSchema.parse({ kind: 'offerAnswer', offerId: OFFER, answer: { action: 'decline' } }),
      outboxActionSchema.parse({
        kind: 'orderShipping',
        orderId: ORDER,
        shipment: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
      }),
    ].map((action) => {
      const request = outboxRequestFor(action);
      return `${request.method} ${request.path} ${request.formField ?? 'json'}`;
    });
    expect(calls).toEqual([
      'POST /messages/addOrUpdate request',
      'POST /listings/add request',
      `POST /offers/respond/${OFFER} json`,
      `POST /orders/ship/${ORDER} json`,
    ]);
  });

  it('sends with the session token and the action’s idempotency key', async () => {
    const { transport, requests } = setup([json(200, {})]);
    const action = outboxActionSchema.parse({
      kind: 'orderShipping',
      orderId: ORDER,
      shipment: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
    });
    await expect(transport.send({ action, idempotencyKey: KEY })).resolves.toEqual({
      status: 200,
      message: null,
    });
    expect(requests[0]?.url).toBe(`${ORIGIN}/api/orders/ship/${ORDER}`);
    expect(requests[0]?.init.headers).toMatchObject({
      authorization: 'Bearer eyJ.eyJ.sig',
      'Idempotency-Key': KEY,
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA1',
    });
  });

  it('sends a message as the form the endpoint takes, without files', async () => {
    const { transport, requests } = setup([json(200, {})]);
    const action = outboxActionSchema.parse({
      kind: 'message',
      input: { recipientId: RECIPIENT, subject: 'Glock', body: 'Still available?' },
    });
    await transport.send({ action, idempotencyKey: KEY });
    const form = requests[0]?.init.body as FormData;
    expect(JSON.parse(String(form.get('request')))).toEqual({
      recipientId: RECIPIENT,
      subject: 'Glock',
      body: 'Still available?',
    });
    expect([...form.keys()]).toEqual(['request']);
  });

  it('answers the server’s status and reason', async () => {
    const { transport } = setup([
      json(409, { error: { code: 'conflict', message: 'This offer was withdrawn.' } }),
    ]);
    const action = outboxActionSchema.parse({
      kind: 'offerAnswer',
      offerId: OFFER,
      answer: { action: 'accept' },
    });
    await expect(transport.send({ action, idempotencyKey: KEY })).resolves.toEqual({
      status: 409,
      message: 'This offer was withdrawn.',
    });
  });

  it('rejects when the server cannot be reached, and answers 401 when no one is signed in', async () => {
    const action = outboxActionSchema.parse({
      kind: 'offerAnswer',
      offerId: OFFER,
      answer: { action: 'accept' },
    });
    const offline = setup([new TypeError('fetch failed')]);
    await expect(offline.transport.send({ action, idempotencyKey: KEY })).rejects.toThrow('fetch failed');
    const signedOut = setup([], null);
    await expect(signedOut.transport.send({ action, idempotencyKey: KEY })).resolves.toMatchObject({
      status: 401,
    });
    expect(signedOut.fetch).not.toHaveBeenCalled();
  });

  it('sends a listing edit only while the listing is as the dealer saw it', async () => {
    const unchanged = setup([
      json(200, { results: [{ id: LISTING, price: 549, quantity: 1, title: 'Glock 19 Gen 5', views: 12 }] }),
      json(200, {}),
    ]);
    await expect(unchanged.transport.send({ action: listingEdit, idempotencyKey: KEY })).resolves.toEqual({
      status: 200,
      message: null,
    });
    expect(unchanged.requests.map((request) => request.url)).toEqual([
      `${ORIGIN}/api/listings/get`,
      `${ORIGIN}/api/listings/add`,
    ]);
    expect(JSON.parse(String(unchanged.requests[0]?.init.body))).toEqual({
      filters: { listingIds: [LISTING] },
    });

    const changed = setup([
      json(200, { results: [{ id: LISTING, price: 529, quantity: 0, title: 'Glock 19 Gen 5' }] }),
    ]);
    await expect(changed.transport.send({ action: listingEdit, idempotencyKey: KEY })).resolves.toEqual({
      status: 412,
      message:
        'The listing changed since you edited it (price, quantity). Open it to see the changes, then edit again.',
    });
    expect(changed.requests).toHaveLength(1);

    const gone = setup([json(200, { results: [] })]);
    await expect(gone.transport.send({ action: listingEdit, idempotencyKey: KEY })).resolves.toMatchObject({
      status: 409,
    });
  });

  it('compares plain values, a missing field counting as null', () => {
    expect(changedFields({ price: 1, caliber: null }, { price: 1, caliber: null, model: null })).toEqual([]);
    expect(changedFields({ price: '1' }, { price: 1 })).toEqual(['price']);
  });

  it('reads the account a session token is for', () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      role: ['Buyer', 'BasicSeller'],
      status: 'Active',
      unique_name: 'd1000000-0000-4000-8000-000000000002',
      email: 'dealer@example.com',
      given_name: 'Dana',
      family_name: 'Dealer',
      exp: 4_102_444_800,
    };
    expect(accountOfToken(`${part({ alg: 'HS256' })}.${part(claims)}.c2ln`)).toBe(
      'd1000000-0000-4000-8000-000000000002',
    );
    expect(accountOfToken('not-a-token')).toBeNull();
    expect(accountOfToken(null)).toBeNull();
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Access } from '../../shared/contract/endpoint.ts';
import { jwtAuthenticator } from '../modules/auth/authenticator.ts';
import { signToken, type TokenPayload } from '../modules/auth/tokens.ts';
import { installAuthentication } from './auth-context.ts';
import {
  assertEveryEndpointServed,
  isUrgentRequest,
  registerEndpoint,
  registerEndpoints,
  registerPlannedEndpoints,
} from './endpoint.ts';
import { installErrorHandler } from './errors.ts';
import { installRateLimit } from './rate-limit.ts';

const SECRET = 'endpoint-test-secret-long-enough-for-hs256';
const payload = (role: string | string[]): TokenPayload => ({
  role,
  status: 'Active',
  unique_name: '6f1c2b1e-1d2a-4c1e-9a3e-2b1f0c9d8e7a',
  email: 'pat@example.com',
  given_name: 'Pat',
  family_name: 'Doe',
  userOptions: 'None',
  accountOptions: 'None',
  sellerDisplayName: '',
  phoneNumber: '',
});

const options = {
  validateResponses: true,
  rateLimit: { rateLimit: { max: 2, timeWindow: 60_000 } },
};

const PROBE_TABLE = {
  built: { method: 'GET', path: '/probe/built', access: 'public', response: z.object({ ok: z.boolean() }) },
  planned: {
    method: 'POST',
    path: '/probe/planned/{id}',
    access: 'seller',
    params: z.object({ id: z.string() }),
    response: z.object({ ok: z.boolean() }),
    planned: true,
  },
  limited: {
    method: 'GET',
    path: '/probe/limited',
    access: 'public',
    response: z.object({ ok: z.boolean() }),
    rateLimited: true,
    planned: true,
  },
  mine: {
    method: 'POST',
    path: '/probe/mine',
    access: 'user',
    owner: 'account',
    ownerId: 'body.filters.userId',
    body: z.object({ filters: z.object({ userId: z.string().optional() }) }),
    response: z.object({ ok: z.boolean() }),
  },
} as const;

let app: FastifyInstance;
const urgency = new Map<string, boolean>();
beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  await installRateLimit(app);
  installAuthentication(app, () => jwtAuthenticator(SECRET));
  for (const access of ['public', 'user', 'seller', 'admin'] as const) {
    registerEndpoint(
      app,
      { method: 'GET', path: `/probe/${access}`, access, response: z.object({ caller: z.string() }) },
      ({ auth }) => ({ caller: auth?.userId ?? 'visitor' }),
      options,
    );
  }
  registerEndpoint(
    app,
    {
      method: 'POST',
      path: '/probe/echo/{id}',
      access: 'public',
      params: z.object({ id: z.uuid() }),
      body: z.object({ count: z.number().int().min(1, 'Count must be at least 1.') }),
      response: z.object({ id: z.string(), count: z.number() }),
    },
    ({ params, body }) => ({ id: params.id, count: body.count }),
    options,
  );
  registerEndpoint(
    app,
    { method: 'GET', path: '/probe/drift', access: 'public', response: z.object({ ok: z.boolean() }) },
    () => ({ ok: 'yes' }) as unknown as { ok: boolean },
    options,
  );
  registerEndpoints(
    app,
    PROBE_TABLE,
    { built: () => ({ ok: true }), mine: ({ body }) => ({ ok: body.filters.userId === undefined }) },
    options,
  );
  registerPlannedEndpoints(app, PROBE_TABLE, options);
  for (const urgent of [true, false]) {
    registerEndpoint(
      app,
      {
        method: 'GET',
        path: `/probe/urgent-${urgent}`,
        access: 'public',
        rateLimited: true,
        ...(urgent ? { urgent: true as const } : {}),
        response: z.object({ ok: z.boolean() }),
      },
      () => ({ ok: true }),
      options,
    );
  }
  // As the server's request hook reads it (app.ts: the request's unit of statements).
  app.addHook('onRequest', (request, _reply, done) => {
    urgency.set(request.url, isUrgentRequest(request));
    done();
  });
  await app.ready();
});
afterAll(() => app.close());

const call = (access: Access, token?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/probe/${access}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('access levels of the endpoint table', () => {
  const tokens: Record<string, () => Promise<string>> = {
    visitor: async () => '',
    buyer: () => signToken(payload('Buyer'), SECRET),
    seller: () => signToken(payload(['Buyer', 'TrustedSeller']), SECRET),
    admin: () => signToken(payload('Admin'), SECRET),
  };
  it.each([
    ['visitor', 'public', 200],
    ['visitor', 'user', 401],
    ['visitor', 'seller', 401],
    ['visitor', 'admin', 401],
    ['buyer', 'public', 200],
    ['buyer', 'user', 200],
    ['buyer', 'seller', 403],
    ['buyer', 'admin', 403],
    ['seller', 'user', 200],
    ['seller', 'seller', 200],
    ['seller', 'admin', 403],
    ['admin', 'seller', 200],
    ['admin', 'admin', 200],
  ] as const)('a %s calling a %s endpoint gets %i', async (who, access, status) => {
    const token = await tokens[who]!();
    const res = await call(access, token || undefined);
    expect(res.statusCode).toBe(status);
    if (status >= 400) expect(res.json().error.code).toBe(status === 401 ? 'unauthorized' : 'forbidden');
  });
});

describe('token verification', () => {
  it('refuses a token whose payload was changed after signing', async () => {
    const token = await signToken(payload('Buyer'), SECRET);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload('Admin'), iss: 'ironsight', exp: 9e9 })).toString(
      'base64url',
    );
    const res = await call('admin', `${header}.${forged}.${signature}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Your session has expired. Sign in again.');
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...payload('Admin'), iss: 'ironsight', exp: 9e9 })).toString(
      'base64url',
    );
    expect((await call('user', `${header}.${body}.`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key or algorithm', async () => {
    const otherKey = await signToken(payload('Buyer'), 'another-secret-that-is-also-long-enough');
    expect((await call('user', otherKey)).statusCode).toBe(401);
    const hs512 = await new SignJWT({ ...payload('Buyer') })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('ironsight')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect((await call('user', hs512)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const old = await signToken(payload('Buyer'), SECRET, new Date(Date.now() - 25 * 60 * 60 * 1000));
    expect((await call('user', old)).statusCode).toBe(401);
  });
});

describe('parsing with the contract', () => {
  it('hands parsed params and body to the handler', async () => {
    const id = '0b6f3f8e-5d4c-4b7a-9e2d-1c3b5a7f9e0d';
    const res = await app.inject({ method: 'POST', url: `/api/probe/echo/${id}`, payload: { count: 2 } });
    expect(res.json()).toEqual({ id, count: 2 });
  });

  it('answers 400 with every field message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/probe/echo/nope', payload: { count: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'params.id': expect.any(String) });
    const body = await app.inject({
      method: 'POST',
      url: '/api/probe/echo/0b6f3f8e-5d4c-4b7a-9e2d-1c3b5a7f9e0d',
      payload: { count: 0 },
    });
    expect(body.json().error.fields).toEqual({ count: 'Count must be at least 1.' });
  });

  it('turns an answer that breaks its response schema into a 500 without details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/drift' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
  });
});

describe('the resource tables', () => {
  it('answers a planned endpoint 501 with the envelope, after the access check', async () => {
    const asVisitor = await app.inject({ method: 'POST', url: '/api/probe/planned/1' });
    expect(asVisitor.statusCode).toBe(401);
    const asBuyer = await app.inject({
      method: 'POST',
      url: '/api/probe/planned/1',
      headers: { authorization: `Bearer ${await signToken(payload('Buyer'), SECRET)}` },
    });
    expect(asBuyer.statusCode).toBe(403);
    const asSeller = await app.inject({
      method: 'POST',
      url: '/api/probe/planned/1',
      headers: { authorization: `Bearer ${await signToken(payload('BasicSeller'), SECRET)}` },
    });
    expect(asSeller.statusCode).toBe(501);
    expect(asSeller.json()).toEqual({
      error: { code: 'not_implemented', message: 'POST /api/probe/planned/{id} is not available yet.' },
    });
  });

  it('serves a built endpoint with its handler', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/probe/built' })).json()).toEqual({ ok: true });
  });

  it('marks the requests of an urgent endpoint, keeping its per-address limit', async () => {
    const remoteAddress = '203.0.113.77';
    for (const urgent of [true, false]) {
      const url = `/api/probe/urgent-${urgent}`;
      const get = () => app.inject({ method: 'GET', url, remoteAddress });
      expect((await get()).statusCode).toBe(200);
      expect(urgency.get(url)).toBe(urgent);
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(429);
    }
  });

  it('limits a rateLimited endpoint per address and says when to retry', async () => {
    const from = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/probe/limited', remoteAddress });
    expect((await from('192.0.2.1')).statusCode).toBe(501);
    expect((await from('192.0.2.1')).statusCode).toBe(501);
    const refused = await from('192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error).toEqual({
      code: 'too_many_requests',
      message: expect.stringMatching(/^Too many requests/),
    });
    expect((await from('192.0.2.2')).statusCode).toBe(501);
    // Endpoints without the mark are not counted.
    for (let i = 0; i < 4; i += 1)
      expect(
        (await app.inject({ method: 'GET', url: '/api/probe/built', remoteAddress: '192.0.2.1' })).statusCode,
      ).toBe(200);
  });

  it("refuses a request naming another account's user id, unless the caller is an admin", async () => {
    const mine = (role: string, userId?: string) =>
      signToken(payload(role), SECRET).then((token) =>
        app.inject({
          method: 'POST',
          url: '/api/probe/mine',
          headers: { authorization: `Bearer ${token}` },
          payload: { filters: userId ? { userId } : {} },
        }),
      );
    const self = payload('Buyer').unique_name;
    const other = '0b6f3f8e-5d4c-4b7a-9e2d-1c3b5a7f9e0d';
    expect((await mine('Buyer')).statusCode).toBe(200);
    expect((await mine('Buyer', self.toUpperCase())).statusCode).toBe(200);
    const refused = await mine('Buyer', other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect((await mine('Admin', other)).statusCode).toBe(200);
  });

  it('fails start-up when an endpoint of a table has no route', async () => {
    expect(() => assertEveryEndpointServed(app, PROBE_TABLE)).not.toThrow();
    expect(() =>
      assertEveryEndpointServed(app, {
        ...PROBE_TABLE,
        unrouted: { method: 'GET', path: '/probe/unrouted', access: 'public', response: z.object({}) },
      }),
    ).toThrow(/unrouted/);
  });
});

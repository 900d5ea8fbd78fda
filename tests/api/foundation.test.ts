import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortLinks } from '../../src-server/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the process and a database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      // PostgreSQL: its pool at rest, every open connection idle and none waited for.
      ...(process.env.DATABASE_URL
        ? { pool: { max: 4, total: expect.any(Number), idle: expect.any(Number), waiting: 0 } }
        : {}),
    });
    const pool = res.json().pool;
    if (pool) expect(pool.idle).toBe(pool.total);
  });
});

describe('short links', () => {
  it('are found by code, by id and by filter, with the link in items[0]', async () => {
    const [row] = await t.database.db
      .insert(shortLinks)
      .values({ shortCode: 'ar15deals', fullLink: '/brand/ar15' })
      .returning();

    const byCode = await t.app.inject({ method: 'GET', url: '/api/shortlinks/getByShortCode/ar15deals' });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().items[0].fullLink).toBe('/brand/ar15');

    const byId = await t.app.inject({ method: 'GET', url: `/api/shortlinks/getById/${row!.id}` });
    expect(byId.json().items[0].shortCode).toBe('ar15deals');

    const byFilter = await t.app.inject({
      method: 'POST',
      url: '/api/shortlinks/get',
      payload: { filters: { shortCodes: ['ar15deals', 'missing'] } },
    });
    expect(byFilter.json().items).toHaveLength(1);
  });

  it('answers an unknown code with 404 in the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shortlinks/getByShortCode/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No short link with that code.' } });
  });
});

describe('requests are validated against the shared contract', () => {
  it('refuses a body that breaks the schema with field messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/shortlinks/get', payload: { filters: {} } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(Object.values(body.error.fields)).toContain('Give ids, short codes or a link.');
  });

  it('refuses a malformed path parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shortlinks/getById/not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('params.id');
  });

  it('refuses a body that is not JSON without leaking internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shortlinks/get',
      headers: { 'content-type': 'application/json' },
      payload: '{"filters":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('cross-origin calls', () => {
  it('are allowed from the desktop client and refused from other sites', async () => {
    const desktop = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'app://ironsight', 'access-control-request-method': 'GET' },
    });
    expect(desktop.headers['access-control-allow-origin']).toBe('app://ironsight');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

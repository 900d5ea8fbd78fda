import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { handleFrameworkError, MAX_PARAM_LENGTH, SECURITY_HEADERS } from './framework-errors.ts';

describe('handleFrameworkError', () => {
  it('answers an over-long path parameter with 414 in the envelope, without echoing the path', async () => {
    const app = Fastify({
      routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
      frameworkErrors: handleFrameworkError,
    });
    app.get('/things/:id', async () => ({ ok: true }));
    const long = 'x'.repeat(MAX_PARAM_LENGTH + 1);
    const res = await app.inject({ method: 'GET', url: `/things/${long}` });
    expect(res.statusCode).toBe(414);
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'The address is too long.' } });
    expect(res.body).not.toContain(long);
    expect(
      (await app.inject({ method: 'GET', url: `/things/${'x'.repeat(MAX_PARAM_LENGTH)}` })).statusCode,
    ).toBe(200);
    await app.close();
  });
});

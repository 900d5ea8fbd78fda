import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../shared/contract/common.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** Sends bytes as they are (no client fixes them up) and answers status, headers and body. */
function rawRequest(data: Buffer) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Not end(): the server answers and closes (malformed request, or Connection: close).
    socket.write(data);
  });
}

function expectEnvelope(answer: { headers: Record<string, unknown>; body: string }, message: string) {
  expect(answer.headers).toMatchObject(SECURITY_HEADERS);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(errorEnvelopeSchema.parse(JSON.parse(answer.body)).error.message).toBe(message);
}

describe('errors raised before a route runs answer in the envelope with the security headers', () => {
  it('a path that does not decode (%ff)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/brands/%ff' });
    expect(res.statusCode).toBe(400);
    expectEnvelope({ headers: res.headers, body: res.body }, 'The address is not valid.');
    expect(res.json().error.code).toBe('bad_request');
  });

  it.each([
    {
      contentType: 'application/json',
      payload: '{"keyword":',
      status: 400,
      message: 'The request body is not valid JSON.',
    },
    {
      contentType: 'text/x-<script>',
      payload: 'hello',
      status: 415,
      message: 'Send the request body as JSON.',
    },
  ])(
    'a body Fastify refuses ($contentType), in our words',
    async ({ contentType, payload, status, message }) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/listings/search',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(status);
      expectEnvelope({ headers: res.headers, body: res.body }, message);
    },
  );
});

describe('OPTIONS', () => {
  it.each([
    { url: '/api/listings/search', headers: {} },
    { url: '/api/listings/search', headers: { 'access-control-request-method': 'POST' } },
    { url: '/api/listings/search', headers: { origin: 'http://ironsight.test' } },
    { url: '/api/no-such-call', headers: {} },
    { url: '/', headers: {} },
  ])('that is no CORS preflight ($url $headers) answers in the envelope', async ({ url, headers }) => {
    const res = await t.app.inject({ method: 'OPTIONS', url, headers });
    expect(res.statusCode).toBe(400);
    expectEnvelope(
      { headers: res.headers, body: res.body },
      'OPTIONS is answered only as a CORS preflight: send Origin and Access-Control-Request-Method.',
    );
    expect(res.json().error.code).toBe('bad_request');
  });

  it('that is a CORS preflight of an allowed origin still answers 204 with the CORS headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/listings/search',
      headers: { origin: 'http://ironsight.test', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://ironsight.test');
    expect(res.body).toBe('');
  });
});

describe('requests the HTTP parser refuses answer in the envelope with the security headers', () => {
  it('raw bytes above 0x7F in the request line', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /api/he'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('alth HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
    ]);
    const answer = await rawRequest(request);
    expect(answer.status).toBe(400);
    expectEnvelope(answer, 'The request is not valid HTTP.');
  });

  it('a bare LF in the request line', async () => {
    const answer = await rawRequest(Buffer.from('GET /api/health\nHTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    expect(answer.status).toBe(400);
    expectEnvelope(answer, 'The request is not valid HTTP.');
  });

  it('headers larger than the server reads', async () => {
    const answer = await rawRequest(
      Buffer.from(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expectEnvelope(answer, 'The request headers are too large.');
  });

  it('and a well-formed request on the same server still succeeds', async () => {
    const answer = await rawRequest(
      Buffer.from('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject(SECURITY_HEADERS);
  });
});

describe('validation failures are worded for people', () => {
  it('a body that is a list, and fields of the wrong kind', async () => {
    const list = await t.app.inject({ method: 'POST', url: '/api/listings/search', payload: [] });
    expect(list.statusCode).toBe(400);
    expect(list.json().error.message).toBe('Send an object with the fields of this request.');

    const fields = await t.app.inject({
      method: 'POST',
      url: '/api/listings/search',
      payload: { keyword: 42, page: 0, pageSize: 1000, sort: 'cheapest' },
    });
    expect(fields.statusCode).toBe(400);
    expect(fields.json().error.fields).toEqual({
      keyword: 'Enter text.',
      page: 'Use 1 or more.',
      pageSize: 'Use 100 or less.',
      sort: 'Choose one of: relevance, price-asc, price-desc, newest, distance, ending-soonest.',
    });
  });
});

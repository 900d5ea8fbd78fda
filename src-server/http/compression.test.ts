import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCompression, WHOLE_COMPRESSION_MAX_BYTES } from './compression.ts';

const app = Fastify();
/** A JSON answer of about `bytes`, of varied text so it does not shrink to nothing. */
const answerOf = (bytes: number) => ({
  results: Array.from({ length: Math.ceil(bytes / 100) }, (_, index) => ({
    id: index,
    title: `Scope ${index.toString(36)} ${(index * 7919).toString(16)} 4.5-14x40`,
  })),
});

beforeAll(async () => {
  await installCompression(app);
  app.get('/answer/:bytes', async (request) => answerOf(Number((request.params as { bytes: string }).bytes)));
  await app.ready();
});
afterAll(() => app.close());

describe('compression of answers held whole', () => {
  it('sends a large JSON answer compressed in one piece, with its Content-Length', async () => {
    // Well past the plugin's own default (8 kB on two cores), which would stream it.
    const response = await app.inject({
      url: '/answer/200000',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(answerOf(200000));
  });

  it('streams an answer larger than the bound', async () => {
    const response = await app.inject({
      url: `/answer/${WHOLE_COMPRESSION_MAX_BYTES * 2}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-length']).toBeUndefined();
  });
});

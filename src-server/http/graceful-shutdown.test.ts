import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors.ts';
import { openEventStream } from './event-stream.ts';
import { installGracefulShutdown } from './graceful-shutdown.ts';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/**
 * An app with a health check, a slow answer, one that never ends and an event stream, listening on
 * loopback; `reached(path, n)` resolves once the handlers of `path` have begun `n` requests (so a
 * test stops a server that holds its requests, however slowly a busy machine connects).
 */
function listening(slowMs = 400) {
  const instance = Fastify();
  app = instance;
  installErrorHandler(instance);
  const streams = new Set<{ close(): void }>();
  const begun = new Map<string, number>();
  const waiters: Array<() => void> = [];
  const begin = (path: string) => {
    begun.set(path, (begun.get(path) ?? 0) + 1);
    for (const wake of waiters.splice(0)) wake();
  };
  const reached = async (path: string, count = 1) => {
    while ((begun.get(path) ?? 0) < count) await new Promise<void>((wake) => waiters.push(wake));
  };
  instance.get('/api/health', async () => ({ status: 'ok' }));
  instance.get('/slow', async () => {
    begin('/slow');
    await new Promise((resolve) => setTimeout(resolve, slowMs));
    return { slow: 'done' };
  });
  instance.get('/never', () => {
    begin('/never');
    return new Promise(() => {});
  });
  instance.get('/api/things/live', async (request, reply) => {
    const stream = openEventStream(request, reply, { onClose: () => streams.delete(stream!) });
    if (stream) {
      streams.add(stream);
      stream.send({ hello: true });
    }
    begin('/api/things/live');
  });
  // As the messages and auctions modules do: their streams end before the server stops listening.
  instance.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close();
  });
  return { instance, reached };
}

const originOf = (instance: FastifyInstance) =>
  `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;

/** A GET on a connection of its own (no keep-alive pool), answering status, headers and body, or the error. */
function get(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('drains (health 503, connections closed after each answer), then stops listening and finishes the requests under way', async () => {
    const { instance, reached } = listening();
    let backgroundStopped = 0;
    const graceful = installGracefulShutdown(instance, {
      drainMs: 600,
      timeoutMs: 5_000,
      healthPath: '/api/health',
      stopBackgroundWork: async () => {
        backgroundStopped += 1;
      },
    });
    await instance.listen({ port: 0, host: '127.0.0.1' });
    const origin = originOf(instance);
    expect((await get(`${origin}/api/health`)).status).toBe(200);
    const stream = get(`${origin}/api/things/live`);
    const underWay = get(`${origin}/slow`);
    await Promise.all([reached('/api/things/live'), reached('/slow')]);

    const started = performance.now();
    const closed = graceful.shutdown();
    expect(graceful.draining).toBe(true);
    expect(backgroundStopped).toBe(1);

    const health = await get(`${origin}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.connection).toBe('close');
    expect(JSON.parse(health.body).error.code).toBe('service_unavailable');
    const served = await get(`${origin}/slow`);
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe('close');

    // Started before the stop, answered in full after the listener closed.
    const slow = underWay;
    await closed;
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    expect((await slow).status).toBe(200);
    await expect(get(`${origin}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
    // The stream ended with its opening hint and a reconnect hint of 0.5 to 1.5 s.
    const streamed = (await stream).body;
    expect(streamed.startsWith('retry: 3000\n\n')).toBe(true);
    const hint = Number(/retry: (\d+)\n\n$/.exec(streamed)?.[1]);
    expect(hint).toBeGreaterThanOrEqual(500);
    expect(hint).toBeLessThan(1500);
    expect(backgroundStopped).toBe(1);
  });

  it('cuts the connections of requests still running at the bound', async () => {
    const { instance, reached } = listening();
    const graceful = installGracefulShutdown(instance, {
      drainMs: 0,
      timeoutMs: 300,
      healthPath: '/api/health',
    });
    await instance.listen({ port: 0, host: '127.0.0.1' });
    const hanging = get(`${originOf(instance)}/never`);
    // Observed at once: a failure before its `rejects` below must not leave its rejection unhandled.
    hanging.catch(() => {});
    await reached('/never');
    const started = performance.now();
    await graceful.shutdown();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2_000);
    await expect(hanging).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('a second call without drain cuts a drain short and shares the first call', async () => {
    const { instance } = listening();
    const graceful = installGracefulShutdown(instance, {
      drainMs: 60_000,
      timeoutMs: 1_000,
      healthPath: '/api/health',
    });
    await instance.listen({ port: 0, host: '127.0.0.1' });
    const started = performance.now();
    const first = graceful.shutdown();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = graceful.shutdown({ drain: false });
    expect(second).toBe(first);
    await second;
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

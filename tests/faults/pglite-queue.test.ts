import { describe, expect, it } from 'vitest';
import { holdDatabase, serverWith, timed, UNCACHED } from './support/queue-server.ts';

describe('the embedded database queue', () => {
  it('on PGlite, a statement waiting longer than the timeout for its turn answers 503 instead of waiting out slow work', async () => {
    const { app, database } = await serverWith({ queueLimit: 50, queueWaitMs: 300 });
    const slow = holdDatabase(database, 1.5);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const { result, ms } = await timed(() => app.inject({ method: 'GET', url: UNCACHED }));
    expect(result.statusCode).toBe(503);
    expect(result.headers['retry-after']).toBe('1');
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(1000);

    expect(await slow).toBe('done');
    expect((await app.inject({ method: 'GET', url: UNCACHED })).statusCode).toBe(200);
  });
});

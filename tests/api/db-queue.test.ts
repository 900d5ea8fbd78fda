import { describe, expect, it } from 'vitest';
import { holdDatabase, serverWith, timed, UNCACHED } from '../faults/support/queue-server.ts';

describe('a bounded database queue', () => {
  it('answers 503 with Retry-After past its limit while slow work holds the database, then recovers', async () => {
    // One connection on PostgreSQL, so both databases run one statement at a time here.
    const { app, database } = await serverWith({ queueLimit: 3, poolSize: 1 });
    const slow = holdDatabase(database, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const burst = await Promise.all(
      Array.from({ length: 12 }, () => timed(() => app.inject({ method: 'GET', url: UNCACHED }))),
    );
    const refused = burst.filter(({ result }) => result.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(12 - 3);
    for (const { result, ms } of refused) {
      expect(result.headers['retry-after']).toBe('1');
      expect(result.json().error.code).toBe('service_unavailable');
      expect(result.json().error.message).toMatch(/busy/);
      // Refused at once, not after the slow statement.
      expect(ms).toBeLessThan(500);
    }
    expect(burst.every(({ result }) => [200, 503].includes(result.statusCode))).toBe(true);

    expect(await slow).toBe('done');
    // One after another: the server's periodic jobs, held back with the rest, may still take a turn
    // or two as the queue drains, and three requests at once beside them could rightly be refused.
    const after: number[] = [];
    for (let request = 0; request < 3; request++) {
      after.push((await app.inject({ method: 'GET', url: UNCACHED })).statusCode);
    }
    expect(after).toEqual([200, 200, 200]);
  });
});

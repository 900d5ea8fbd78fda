import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SuggestionsResponse } from '../../shared/contract/listings.ts';
import { buildApp } from '../../src-server/app.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { SEARCH_INDEX_REFRESH_MS } from '../../src-server/modules/listings/search-indexes/jobs.ts';
import { rebuildSuggestionTerms } from '../../src-server/modules/listings/search-indexes/suggestion-terms.ts';
import { startPeriodicRun } from '../../src-server/periodic-jobs.ts';
import { seedCatalog } from './support/catalog.ts';
import { createTestApp, type TestApp, testConfig } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(t.database.db, query);

async function suggestions(query: string): Promise<Record<string, number>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/listings/suggestions?query=${encodeURIComponent(query)}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as SuggestionsResponse).querySummary;
}

async function searchTotal(keyword: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/listings/search', payload: { keyword } });
  expect(res.statusCode).toBe(200);
  return res.json().total as number;
}

const OFFERED = sql`is_active and not is_sold and (listing_end_date is null or listing_end_date > now())`;

/** A manufacturer + model term with at least two offered listings, and those listings' ids. */
async function modelTerm() {
  const [term] = await rows<{ term: string; n: number }>(
    sql`select manufacturer || ' ' || model as term, count(*)::int as n from listings
        where ${OFFERED} and manufacturer is not null and model is not null
        group by 1 having count(*) >= 2 order by count(*), 1 limit 1`,
  );
  const ids = await rows<{ id: string }>(
    sql`select id from listings where ${OFFERED} and manufacturer || ' ' || model = ${term!.term} order by id`,
  );
  return { term: term!.term, count: term!.n, ids: ids.map((row) => row.id) };
}

describe('suggestion terms follow the offered listings', () => {
  it('counts a term as its search does, at once when one of its listings sells, and drops it when all have sold', async () => {
    const { term, ids } = await modelTerm();
    const count = (await suggestions(term))[term]!;
    expect(count).toBe(await searchTotal(term));

    await t.database.db.execute(sql`update listings set is_sold = true where id = ${ids[0]!}::uuid`);
    expect((await suggestions(term))[term]).toBe(count - 1);
    expect((await suggestions(term))[term]).toBe(await searchTotal(term));

    await t.database.db.execute(
      sql`update listings set is_sold = true where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    await rebuildSuggestionTerms(t.database.db);
    expect(Object.keys(await suggestions(term))).not.toContain(term);
  });

  it('rebuilds the terms when the server boots', async () => {
    const { term, ids } = await modelTerm();
    await t.database.db.execute(
      sql`update listings set listing_end_date = now() - interval '1 day' where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const [stale] = await rows<{ n: number }>(
      sql`select count(*)::int as n from suggestion_terms where term = ${term}`,
    );
    expect(stale!.n).toBe(1);
    // A second server on the same database: its boot rebuilds the terms.
    const app = await buildApp(testConfig(), { database: t.database, ownsDatabase: false });
    try {
      await app.ready();
      const res = await app.inject({
        method: 'GET',
        url: `/api/listings/suggestions?query=${encodeURIComponent(term)}`,
      });
      expect(Object.keys((res.json() as SuggestionsResponse).querySummary)).not.toContain(term);
    } finally {
      await app.close();
    }
  });

  it('rebuilds every ten minutes on a timer that keeps no process alive, until stopped', async () => {
    vi.useFakeTimers();
    const rebuild = vi.fn(async () => {});
    const refresh = startPeriodicRun({
      run: rebuild,
      onError: () => {},
      intervalMs: SEARCH_INDEX_REFRESH_MS,
    });
    expect(SEARCH_INDEX_REFRESH_MS).toBe(10 * 60 * 1000);
    await vi.advanceTimersByTimeAsync(SEARCH_INDEX_REFRESH_MS - 1);
    expect(rebuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(rebuild).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * SEARCH_INDEX_REFRESH_MS);
    expect(rebuild).toHaveBeenCalledTimes(3);
    await refresh.stop();
    await vi.advanceTimersByTimeAsync(3 * SEARCH_INDEX_REFRESH_MS);
    expect(rebuild).toHaveBeenCalledTimes(3);
  });

  it('skips a tick while a rebuild still runs and reports failures', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const rebuild = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onError = vi.fn();
    const refresh = startPeriodicRun({ run: rebuild, onError, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(rebuild).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rebuild).toHaveBeenCalledTimes(2);
    finish();
    rebuild.mockImplementationOnce(() => Promise.reject(new Error('boom')));
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    await refresh.stop();
  });

  it('does not hold the process open', () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const refresh = startPeriodicRun({
      run: async () => {},
      onError: () => {},
      intervalMs: SEARCH_INDEX_REFRESH_MS,
    });
    const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    setIntervalSpy.mockRestore();
    return refresh.stop();
  });
});

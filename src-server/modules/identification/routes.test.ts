import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { LISTING_IDENTITY_REST_MS, listingIdentityJob } from './routes.ts';

/** A catalogue of `chunks` chunks, `unknown` listings still to identify in each pass's first chunk. */
function catalogue(chunks: number) {
  const calls: Array<string | null> = [];
  let unknown = 0;
  return {
    calls,
    addUnidentified: (count: number) => {
      unknown += count;
    },
    identifyAfter: async (_db: Database, after: string | null) => {
      calls.push(after);
      const index = after === null ? 0 : Number(after) + 1;
      const identified = index === 0 ? unknown : 0;
      if (index === 0) unknown = 0;
      return { next: index + 1 < chunks ? String(index) : null, identified };
    },
  };
}

describe('the listing identity backfill', () => {
  it('walks the catalogue, and rests after a pass that found nothing to identify', async () => {
    const books = catalogue(3);
    let clock = 0;
    const job = listingIdentityJob({} as Database, { identifyAfter: books.identifyAfter, now: () => clock });
    books.addUnidentified(5);

    // The start reads nothing: the backfill walks on its ticks, not before the server takes requests.
    await job.atBoot();
    expect(books.calls).toEqual([]);
    await job.run();
    expect(books.calls).toEqual([null, '0', '1']);
    // That pass identified 5: the next run walks again.
    await job.run();
    expect(books.calls).toHaveLength(6);
    // That pass found nothing: the runs within the rest read nothing.
    clock += LISTING_IDENTITY_REST_MS - 1;
    await job.run();
    expect(books.calls).toHaveLength(6);
    // After the rest, a listing written by another path is found.
    clock += 1;
    books.addUnidentified(1);
    await job.run();
    expect(books.calls).toHaveLength(9);
    await job.run();
    expect(books.calls).toHaveLength(12);
  });
});

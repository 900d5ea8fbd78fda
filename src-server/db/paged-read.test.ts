import { describe, expect, it } from 'vitest';
import { type PageWindow, pagedRead } from './paged-read.ts';

/** Twelve rows in the list's order, read the way a page query reads them. */
const ROWS = Array.from({ length: 12 }, (_, index) => ({ id: index + 1 }));
const pageOf = ({ limit, offset }: PageWindow) => Promise.resolve(ROWS.slice(offset, offset + limit));

describe('pagedRead', () => {
  it('answers the count of every match and the rows of the page asked for', async () => {
    const windows: PageWindow[] = [];
    const answer = await pagedRead(
      { page: 2, pageSize: 5 },
      {
        count: () => Promise.resolve([{ total: ROWS.length }]),
        rows: (window) => {
          windows.push(window);
          return pageOf(window);
        },
      },
    );
    expect(windows).toEqual([{ limit: 5, offset: 5 }]);
    expect(answer).toEqual({
      total: 12,
      page: 2,
      pageSize: 5,
      results: [6, 7, 8, 9, 10].map((id) => ({ id })),
    });
    expect(Object.keys(answer)).toEqual(['total', 'page', 'pageSize', 'results']);
  });

  it('reads the first page from the first row, and a page past the end as empty', async () => {
    const count = () => Promise.resolve([{ total: ROWS.length }]);
    const first = await pagedRead({ page: 1, pageSize: 10 }, { count, rows: pageOf });
    expect(first.results.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const past = await pagedRead({ page: 4, pageSize: 10 }, { count, rows: pageOf });
    expect(past).toEqual({ total: 12, page: 4, pageSize: 10, results: [] });
  });

  it('takes a count the driver answers as text, and no count row as none', async () => {
    const asText = await pagedRead(
      { page: 1, pageSize: 3 },
      { count: () => Promise.resolve([{ total: '12' }]), rows: pageOf },
    );
    expect(asText.total).toBe(12);
    const none = await pagedRead(
      { page: 1, pageSize: 3 },
      { count: () => Promise.resolve([]), rows: () => Promise.resolve([]) },
    );
    expect(none).toEqual({ total: 0, page: 1, pageSize: 3, results: [] });
  });
});

/** Which page of a list is asked for: `page` counts from 1. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The rows a page query reads: `limit` rows after skipping `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** A page of a list as the list endpoints answer it, with the count of every match. */
export interface Paged<Row> {
  total: number;
  page: number;
  pageSize: number;
  results: Row[];
}

export interface PagedQueries<Row> {
  /** Counts every match: one row whose `total` is the count (none counts as 0). */
  count: () => PromiseLike<readonly { total: number | string }[]>;
  /** Reads the page's rows, in the list's order, within the window. */
  rows: (window: PageWindow) => PromiseLike<Row[]>;
}

/**
 * One page of a list: the matches counted and the page's rows read side by side, answered as
 * `{ total, page, pageSize, results }` with the rows as read.
 */
export async function pagedRead<Row>(request: PageRequest, queries: PagedQueries<Row>): Promise<Paged<Row>> {
  const { page, pageSize } = request;
  const [counted, results] = await Promise.all([
    queries.count(),
    queries.rows({ limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return { total: Number(counted[0]?.total ?? 0), page, pageSize, results };
}

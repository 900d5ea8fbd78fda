import { createConnection } from 'node:net';
import { e2eSqlSocketPath } from '../../../scripts/e2e-sql-socket.ts';

/**
 * Runs one statement on the database of the server the tests drive (through the launcher's socket,
 * `scripts/e2e-sql-socket.ts`) and answers its rows; `$1`, `$2`… in `text` stand for `params`.
 * Only for what no screen or endpoint may do, such as bringing an auction's end near: whatever a
 * user can do, a test does as a user.
 */
export async function sqlOnServer<T = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests with the Playwright config.');
  const reply = await new Promise<string>((resolve, reject) => {
    let received = '';
    const socket = createConnection(e2eSqlSocketPath(dataDir));
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ text, params })}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  const answer = JSON.parse(reply) as { rows?: T[]; error?: string };
  if (answer.error !== undefined || !answer.rows) throw new Error(`The statement failed: ${answer.error}`);
  return answer.rows;
}

/**
 * Brings a running auction's end to `seconds` from now by the server's clock, as only time would:
 * the auction's end and the listing's (searches and cards read that one) move together. Answers
 * the new end.
 */
export async function endAuctionIn(listingId: string, seconds: number): Promise<Date> {
  const [row] = await sqlOnServer<{ ends_at: string }>(
    `with moved as (
       update auctions set ends_at = now() + make_interval(secs => $2), updated_at = now()
       where listing_id = $1 and outcome is null
       returning listing_id, ends_at
     ), listing as (
       update listings l set listing_end_date = moved.ends_at, updated_at = now()
       from moved where l.id = moved.listing_id
     )
     select ends_at from moved`,
    [listingId, seconds],
  );
  if (!row) throw new Error(`No running auction ${listingId} to move the end of.`);
  return new Date(row.ends_at);
}

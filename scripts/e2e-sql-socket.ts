import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src-server/db/client.ts';
import { inStatementScope } from '../src-server/db/statement-queue.ts';

/*
 * The end-to-end tests' way into the database of the server they drive, for what no screen or
 * endpoint may do (an auction's end brought near, as only time would). The embedded database
 * belongs to the server's process alone, so the end-to-end launcher (`e2e-server.ts`, never the
 * production server) answers statements on a Unix socket in its throwaway data folder, which only
 * its user can open. One request per connection: a JSON line `{ text, params }`, `$1`, `$2`… in
 * the text standing for the params; the answer is a JSON line, `{ rows }` or `{ error }`.
 */

/** Where the launcher listens, in the data folder (`E2E_DATA_DIR`). */
export const e2eSqlSocketPath = (dataDir: string) => path.join(dataDir, 'e2e-sql.sock');

export interface E2eSqlRequest {
  text: string;
  params?: unknown[];
}

/** The statement `text` with its `$n` placeholders bound to `params`. */
export function statementOf({ text, params = [] }: E2eSqlRequest): SQL {
  const pieces = text.split(/\$(\d+)/);
  return sql.join(
    pieces.map((piece, index) => {
      if (index % 2 === 0) return sql.raw(piece);
      const at = Number(piece) - 1;
      if (at < 0 || at >= params.length) throw new Error(`No parameter $${piece}.`);
      return sql`${params[at]}`;
    }),
  );
}

/** Answers statements on `socketPath` until the returned server is closed. */
export async function serveE2eSql(db: Database, socketPath: string): Promise<Server> {
  rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end < 0) return;
      void answer(received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  const answer = async (line: string) => {
    try {
      // A test's statement waits its turn however busy the server is, as background work does.
      const statement = statementOf(JSON.parse(line) as E2eSqlRequest);
      return { rows: await inStatementScope(() => queryRows(db, statement), { background: true }) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return server;
}

import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlStateOf } from './constraint-errors.ts';
import { inStatementScope } from './statement-queue.ts';

/** What runs a statement: the database (`Database` of `client.ts`, which opens it and registers it here). */
interface Executor {
  execute(query: SQL): Promise<unknown>;
}

/**
 * Statements of a few recurring shapes run with other values each time (the search statements: a
 * few hundred texts of about 5 KB across every filter and sort) as prepared statements on embedded
 * PGlite. A statement's text is parsed and analysed once per shape; each run then only plans it
 * for its values and executes it. On PGlite, whose one connection runs every request's
 * statements in turn, parsing them took about a fifth of a search's time (`docs/benchmarks.md`).
 *
 * Each run is planned for its own values (`plan_cache_mode = force_custom_plan`, set for the PGlite
 * session): the statements' gates and index choices depend on them, and a generic plan of the
 * search statement was six times slower. The PREPARE and each EXECUTE are ordinary statements, so
 * they take their turn in the statement queue like any other. At most `MAX_PREPARED` shapes stay
 * prepared, the least recently run deallocated first. PostgreSQL parses on its own processes, off
 * the server's thread: there the statements run as usual.
 */
export const MAX_PREPARED = 256;

const dialect = new PgDialect();

/** A database's prepared statements: each text's name, in order of last use (a Map keeps insertion order). */
interface Prepared {
  names: Map<string, Promise<string>>;
  next: number;
}

const preparedOf = new WeakMap<Executor, Prepared>();

/** Runs this database's recurring statements prepared (`queryPrepared`): PGlite's, at open. */
export function prepareRecurringStatements(db: Executor): void {
  preparedOf.set(db, { names: new Map(), next: 1 });
}

/**
 * A value as an SQL literal of unknown type, which EXECUTE converts to the parameter's type by its
 * input function, as the protocol converts a parameter sent as text. Null for a value that is not
 * a plain scalar (the statement then runs unprepared).
 */
function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null;
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  // Quotes doubled; backslashes are plain characters (standard_conforming_strings is on).
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  return null;
}

/** PostgreSQL's "prepared statement does not exist" (deallocated while this run waited its turn). */
const isMissingStatement = (error: unknown) => sqlStateOf(error) === '26000';

/**
 * Runs `query` and returns its rows, as a prepared statement where the database keeps them
 * (`prepareRecurringStatements`), as an ordinary statement otherwise. Only for statements outside
 * a transaction, read-only, whose text recurs with other values.
 */
export async function queryPrepared<T extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<T[]> {
  const prepared = preparedOf.get(db);
  if (!prepared) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  const literals = params.map(literalOf);
  if (literals.some((literal) => literal === null)) return rowsOf<T>(await db.execute(query));
  let name = prepared.names.get(text);
  if (name) {
    prepared.names.delete(text);
    prepared.names.set(text, name);
  } else {
    const own = `recurring_${prepared.next++}`;
    name = db.execute(sql.raw(`prepare ${own} as ${text}`)).then(() => own);
    prepared.names.set(text, name);
    // A text that cannot be prepared (a parameter of no inferable type) runs as usual next time too.
    name.catch(() => prepared.names.delete(text));
    if (prepared.names.size > MAX_PREPARED) {
      const [oldest, evicted] = prepared.names.entries().next().value as [string, Promise<string>];
      prepared.names.delete(oldest);
      // Background work, never refused for waiting; one that fails (the statement is gone already)
      // leaves nothing to do.
      evicted
        .then((old) => inStatementScope(() => db.execute(sql.raw(`deallocate ${old}`)), { background: true }))
        .catch(() => undefined);
    }
  }
  let statement: string;
  try {
    statement = await name;
  } catch {
    return rowsOf<T>(await db.execute(query));
  }
  try {
    return rowsOf<T>(await db.execute(sql.raw(`execute ${statement}(${literals.join(', ')})`)));
  } catch (error) {
    if (!isMissingStatement(error)) throw error;
    // Prepared again on its next run.
    if (prepared.names.get(text) === name) prepared.names.delete(text);
    return rowsOf<T>(await db.execute(query));
  }
}

/** The rows of a statement's result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new Error('The database answered a query without rows');
}

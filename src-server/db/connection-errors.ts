/**
 * The one place that recognises a lost or unreachable database: the request that met it may be
 * retried (503), unlike a bug (500). Drivers and Drizzle wrap errors, so the whole cause chain is read.
 */

/** PostgreSQL SQLSTATEs of a connection that went away: admin/crash shutdown, starting up, too many. */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a server that is down, restarting or unreachable. */
const LOST_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres reports a dropped or unusable connection only in its messages. */
const LOST_MESSAGES = [
  /Connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Client was closed/i,
  /Cannot use a pool after calling end/i,
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current instanceof Error && chain.length < 8) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function lostCode(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (LOST_SQLSTATES.has(code) || code.startsWith('08') || LOST_ERRNOS.has(code))
    ) {
      return code;
    }
    if (LOST_MESSAGES.some((pattern) => pattern.test((cause as Error).message))) return 'terminated';
  }
  return undefined;
}

/** Whether `error` says the database connection was lost or could not be made. */
export function isConnectionLost(error: unknown): boolean {
  return lostCode(error) !== undefined;
}

/** A short reason for an operator reading /health, without addresses or credentials. */
export function connectionLossReason(error: unknown): string {
  const code = lostCode(error);
  if (code === undefined) return 'the database did not answer';
  if (code === 'ECONNREFUSED') return 'the database refused the connection (is it running?)';
  if (code === '57P03') return 'the database is starting up or shutting down';
  if (code === '53300') return 'the database has no free connections';
  if (code.startsWith('E') && code !== 'ECONNRESET' && code !== 'EPIPE')
    return 'the database cannot be reached';
  return 'the database closed the connection';
}

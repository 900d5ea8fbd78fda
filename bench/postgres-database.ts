import { randomBytes } from 'node:crypto';
import { withAdminClient } from '../tests/api/support/test-database.ts';

/**
 * Runs `run` with the URL of a PostgreSQL database of its own, created on the server of `adminUrl`
 * (named `ironsight_<label>_<pid>_<random>`) and dropped afterwards, whatever `run` does.
 */
export async function withScratchPostgres<T>(
  adminUrl: string,
  label: string,
  run: (url: string, name: string) => Promise<T>,
): Promise<T> {
  const name = `ironsight_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString(), name);
  } finally {
    await withAdminClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  }
}

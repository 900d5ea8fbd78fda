import { sql } from 'drizzle-orm';
import packageJson from '../../../package.json' with { type: 'json' };
import { HEALTH_ENDPOINTS } from '../../../shared/contract/health.ts';
import { connectionLossReason } from '../../db/connection-errors.ts';
import { serviceUnavailable } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';

export function registerHealthModule({ endpoints, database }: ModuleContext): void {
  endpoints(HEALTH_ENDPOINTS, {
    health: async () => {
      // A real round trip, so the answer says the database is reachable, not only the process.
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        // Down is a state to report (503 with the reason), not a failure of this call; the pool
        // reconnects on a later check once the database is back.
        throw serviceUnavailable(`Database unavailable: ${connectionLossReason(error)}.`);
      }
      const pool = database.poolCounts?.();
      return {
        status: 'ok' as const,
        database: database.kind,
        version: packageJson.version,
        ...(pool ? { pool } : {}),
      };
    },
  });
}

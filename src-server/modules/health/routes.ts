import { sql } from 'drizzle-orm';
import packageJson from '../../../package.json' with { type: 'json' };
import { HEALTH_ENDPOINTS } from '../../../shared/contract/health.ts';
import type { ModuleContext } from '../../module-context.ts';

export function registerHealthModule({ endpoints, database }: ModuleContext): void {
  endpoints(HEALTH_ENDPOINTS, {
    health: async () => {
      // A real round trip, so the answer says the database is reachable, not only the process.
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind, version: packageJson.version };
    },
  });
}

import { sql } from 'drizzle-orm';
import packageJson from '../../../package.json' with { type: 'json' };
import { ENDPOINTS } from '../../../shared/contract/endpoints.ts';
import type { ModuleContext } from '../../module-context.ts';

export function registerHealthModule({ endpoint, database }: ModuleContext): void {
  endpoint(ENDPOINTS.health, async () => {
    // A real round trip, so the answer says the database is reachable, not only the process.
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind, version: packageJson.version };
  });
}

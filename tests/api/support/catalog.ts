import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../src-server/db/client.ts';
import { users } from '../../../src-server/db/schema.ts';
import { signToken } from '../../../src-server/modules/auth/tokens.ts';
import { createCatalogSeedPart } from '../../../src-server/seed/catalog.ts';
import { seedDemoData } from '../../../src-server/seed/seed.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

/** A small deterministic catalogue: 600 listings, started in the 60 days before now. */
export const CATALOG_SEED = { seed: 7, listings: 600 } as const;

export async function seedCatalog(db: Database, now = new Date()): Promise<void> {
  await seedDemoData(db, CATALOG_SEED, [createCatalogSeedPart({ now: () => now })]);
}

/** A bearer token for an existing account (roles are read from the account itself). */
export async function tokenFor(userId: string, roles: string[], secret = TEST_JWT_SECRET): Promise<string> {
  return signToken(
    {
      role: roles,
      status: 'Active',
      unique_name: userId,
      email: `${userId}@example.com`,
      given_name: 'Test',
      family_name: 'User',
      userOptions: '',
      accountOptions: '',
      sellerDisplayName: '',
      phoneNumber: '',
    },
    secret,
  );
}

/** Adds a plain account (a buyer or an admin) and answers its bearer header. */
export async function accountWithRoles(db: Database, roles: string[], zip: string | null = null) {
  const [row] = await db
    .insert(users)
    .values({
      email: `${roles.join('-').toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`,
      firstName: 'Test',
      lastName: roles[0] ?? 'User',
      roles,
      zip,
    })
    .returning({ id: users.id });
  return { id: row!.id, authorization: `Bearer ${await tokenFor(row!.id, roles)}` };
}

/** Seeded sellers, busiest first. */
export async function sellersByListings(db: Database) {
  return queryRows<{ id: string; listings: number; legacy_lister_id: number }>(
    db,
    sql`select u.id, u.legacy_lister_id::int as legacy_lister_id, count(l.id)::int as listings
        from users u join listings l on l.user_id = u.id
        group by u.id order by count(l.id) desc, u.id`,
  );
}

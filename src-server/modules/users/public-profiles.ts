import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/contract/user-profile.ts';
import { AccountOption, SELLER_ROLES, UserStatus } from '../../../shared/domain/user.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

const HIDDEN_ACCOUNTS = AccountOption.PendingRegistration | AccountOption.FrozenForFraud;

const stateOrNull = (value: string | null) => (value && /^[A-Z]{2}$/.test(value) ? value : null);
const ratingOrNull = (value: number | null) =>
  value === null ? null : Math.min(5, Math.max(0, Math.round(Number(value) * 10) / 10));

/**
 * POST /users/getall: what anyone may see of the sellers asked for, in the order asked, each once.
 * Only the fields a listing page already shows of its seller, plus when they joined: never an email,
 * phone, address or account flag. Ids of buyers, of accounts not active, pending registration or
 * frozen for fraud, and unknown ids are left out alike, so the answer never tells them apart.
 */
export async function publicSellerProfiles(db: Database, ids: readonly string[]): Promise<PublicUser[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      displayName: sql<string>`coalesce(${users.sellerDisplayName}, ${users.firstName} || ' ' || ${users.lastName})`,
      isDealer: users.isDealer,
      city: users.city,
      state: users.state,
      totalCompletedSales: users.totalCompletedSales,
      rating: users.rating,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        inArray(users.id, wanted),
        eq(users.status, UserStatus.Active),
        sql`(${users.accountOptions} & ${HIDDEN_ACCOUNTS}) = 0`,
        sql`(${users.isDealer} or ${users.roles} && ${sql.raw(`ARRAY[${SELLER_ROLES.map((role) => `'${role}'`).join(', ')}]::text[]`)})`,
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        displayName: row.displayName,
        isDealer: row.isDealer,
        city: row.city,
        state: stateOrNull(row.state),
        totalCompletedSales: Math.max(0, row.totalCompletedSales),
        rating: ratingOrNull(row.rating),
        memberSince: row.createdAt.toISOString(),
      } as PublicUser,
    ];
  });
}

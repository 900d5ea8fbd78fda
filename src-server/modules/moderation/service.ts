import { eq, sql } from 'drizzle-orm';
import type {
  ListingFreezeState,
  ListingReportCategory,
  ListingReportsResponse,
} from '../../../shared/contract/moderation.ts';
import { UserAlertKind } from '../../../shared/domain/alerts.ts';
import { ListingOption } from '../../../shared/domain/listing.ts';
import { routeDefinition } from '../../../shared/routes/paths.ts';
import { type AdminActor, audit } from '../../core/audit-log.ts';
import { addUserAlert } from '../../core/user-alerts.ts';
import { type Database, type DbExecutor, queryRows } from '../../db/client.ts';
import { pagedRead } from '../../db/paged-read.ts';
import { alerts, listingFreezes, listings, users } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';

export const MODERATION_MESSAGES = {
  listingNotFound: 'No listing has that id.',
  ownListing: 'You cannot report your own listing.',
  alreadyFrozen: 'The listing is already frozen for fraud.',
  notFrozen: 'The listing is not frozen for fraud.',
} as const;

const FRAUD = ListingOption.FrozenDueToFraud;

/** A signed-in user reports a listing; reporting it again updates the reason. */
export async function reportListing(
  db: Database,
  auth: AuthContext,
  body: { listingId: string; category: ListingReportCategory; reason: string },
): Promise<{ success: true }> {
  const [listing] = await db
    .select({ userId: listings.userId })
    .from(listings)
    .where(eq(listings.id, body.listingId))
    .limit(1);
  if (!listing) throw notFound(MODERATION_MESSAGES.listingNotFound);
  if (listing.userId === auth.userId) throw forbidden(MODERATION_MESSAGES.ownListing);
  await db.execute(sql`insert into listing_reports (listing_id, reporter_id, category, reason)
    values (${body.listingId}, ${auth.userId}, ${body.category}, ${body.reason})
    on conflict (listing_id, reporter_id) do update
      set category = excluded.category, reason = excluded.reason, created_at = now()`);
  return { success: true };
}

export async function listListingReports(
  db: Database,
  request: { page: number; pageSize: number },
): Promise<ListingReportsResponse> {
  const found = await pagedRead(request, {
    count: () => queryRows<{ total: number }>(db, sql`select count(*)::int as total from listing_reports`),
    rows: ({ limit, offset }) =>
      queryRows<{
        id: string;
        category: ListingReportCategory;
        reason: string;
        created_at: Date | string;
        reporter_id: string;
        reporter_email: string;
        listing_id: string;
        title: string;
        seller_id: string;
        seller_email: string;
        frozen: boolean;
        freeze_reason: string | null;
      }>(
        db,
        sql`select r.id, r.category, r.reason, r.created_at, rp.id as reporter_id, rp.email as reporter_email,
          l.id as listing_id, l.title, s.id as seller_id, s.email as seller_email,
          (l.listing_options & ${FRAUD}) <> 0 as frozen, f.reason as freeze_reason
        from listing_reports r
        join listings l on l.id = r.listing_id
        join users rp on rp.id = r.reporter_id
        join users s on s.id = l.user_id
        left join listing_freezes f on f.listing_id = l.id
        order by r.created_at desc, r.id desc
        limit ${limit} offset ${offset}`,
      ),
  });
  return {
    ...found,
    results: found.results.map((row) => ({
      id: row.id,
      category: row.category,
      reason: row.reason,
      createdAt: new Date(row.created_at).toISOString(),
      reporter: { id: row.reporter_id, email: row.reporter_email },
      listing: {
        id: row.listing_id,
        title: row.title,
        seller: { id: row.seller_id, email: row.seller_email },
        frozen: row.frozen,
        freezeReason: row.freeze_reason,
      },
    })),
  };
}

/** The listing and its seller, locked so two staff actions on it apply one after the other. */
async function lockListing(tx: DbExecutor, id: string) {
  const [row] = await tx
    .select({
      id: listings.id,
      title: listings.title,
      listingOptions: listings.listingOptions,
      sellerId: users.id,
      sellerEmail: users.email,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(eq(listings.id, id))
    .for('update', { of: listings })
    .limit(1);
  if (!row) throw notFound(MODERATION_MESSAGES.listingNotFound);
  return row;
}

/**
 * Freezes a listing for fraud: it leaves search (the flag is what search reads), the reason is kept
 * and shown to the seller as a dashboard alert, and the action is audited, all in one transaction.
 */
export async function freezeListing(
  db: Database,
  actor: AdminActor,
  id: string,
  reason: string,
): Promise<ListingFreezeState> {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, id);
    if ((listing.listingOptions & FRAUD) !== 0) throw conflict(MODERATION_MESSAGES.alreadyFrozen);
    await tx
      .update(listings)
      .set({ listingOptions: sql`${listings.listingOptions} | ${FRAUD}` })
      .where(eq(listings.id, id));
    const alert = await addUserAlert(tx, {
      userId: listing.sellerId,
      kind: UserAlertKind.ListingFrozen,
      text: `Your listing "${listing.title}" was frozen by Ironsight staff and is hidden from buyers. Reason: ${reason}`,
      link: routeDefinition('dashboard.selling.listings').pattern,
      linkText: 'Your listings',
    });
    const freeze = { reason, frozenBy: actor.auth.userId, alertId: alert.id, createdAt: new Date() };
    await tx
      .insert(listingFreezes)
      .values({ listingId: id, ...freeze })
      .onConflictDoUpdate({ target: listingFreezes.listingId, set: freeze });
    await audit(
      tx,
      actor,
      'freezeListing',
      { id: listing.sellerId, email: listing.sellerEmail },
      { listingId: id, title: listing.title, listingOptions: listing.listingOptions },
      { listingId: id, title: listing.title, listingOptions: listing.listingOptions | FRAUD, reason },
    );
    return { listingId: id, frozen: true, freezeReason: reason };
  });
}

export async function unfreezeListing(
  db: Database,
  actor: AdminActor,
  id: string,
): Promise<ListingFreezeState> {
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, id);
    if ((listing.listingOptions & FRAUD) === 0) throw conflict(MODERATION_MESSAGES.notFrozen);
    await tx
      .update(listings)
      .set({ listingOptions: sql`${listings.listingOptions} & ${~FRAUD}` })
      .where(eq(listings.id, id));
    const [freeze] = await tx.delete(listingFreezes).where(eq(listingFreezes.listingId, id)).returning();
    // The seller's alert about the freeze goes with it.
    if (freeze?.alertId) await tx.delete(alerts).where(eq(alerts.id, freeze.alertId));
    await audit(
      tx,
      actor,
      'unfreezeListing',
      { id: listing.sellerId, email: listing.sellerEmail },
      {
        listingId: id,
        title: listing.title,
        listingOptions: listing.listingOptions,
        reason: freeze?.reason ?? null,
      },
      { listingId: id, title: listing.title, listingOptions: listing.listingOptions & ~FRAUD },
    );
    return { listingId: id, frozen: false, freezeReason: null };
  });
}

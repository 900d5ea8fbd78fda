import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AdCreative, AdCreativeInput, AdminAdCreative } from '../../../shared/contract/ads.ts';
import { type AdEventKind, adZoneSize, INVALID_AD_LOCATION } from '../../../shared/domain/ads.ts';
import type { Database } from '../../db/client.ts';
import { adCounts, adCreatives } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';

type CreativeRow = typeof adCreatives.$inferSelect;

/** Live at `now`: switched on, and inside its schedule (an open end is no bound). */
const live = (now: Date) =>
  and(
    eq(adCreatives.isActive, 1),
    or(isNull(adCreatives.startsAt), lte(adCreatives.startsAt, now)),
    or(isNull(adCreatives.endsAt), gt(adCreatives.endsAt, now)),
  );

/** The live creatives of a known zone, highest priority first, each at the zone's reserved size. */
export async function zoneAds(
  db: Database,
  page: string,
  zone: string,
  now = new Date(),
): Promise<AdCreative[]> {
  const size = adZoneSize(page, zone);
  if (!size) throw notFound(INVALID_AD_LOCATION);
  const rows = await db
    .select()
    .from(adCreatives)
    .where(and(eq(adCreatives.page, page), eq(adCreatives.zone, zone), live(now)))
    .orderBy(desc(adCreatives.priority), asc(adCreatives.createdAt), asc(adCreatives.id))
    .limit(10);
  return rows.map((row) => ({
    id: row.id,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    altText: row.altText,
    width: size.width,
    height: size.height,
  }));
}

/** Counts one impression or click of a creative where it was shown; an unknown creative or place is refused. */
export async function countAdEvent(
  db: Database,
  event: { creativeId: string; page: string; zone: string; kind: AdEventKind },
): Promise<void> {
  if (!adZoneSize(event.page, event.zone)) throw notFound(INVALID_AD_LOCATION);
  const creative = await db
    .select({ id: adCreatives.id })
    .from(adCreatives)
    .where(
      and(
        eq(adCreatives.id, event.creativeId),
        eq(adCreatives.page, event.page),
        eq(adCreatives.zone, event.zone),
      ),
    )
    .limit(1);
  if (!creative[0]) throw notFound('No such ad in that zone.');
  const impressions = event.kind === 'impression' ? 1 : 0;
  const clicks = event.kind === 'click' ? 1 : 0;
  // One statement: concurrent counts of the same creative add up, none is lost.
  await db
    .insert(adCounts)
    .values({ creativeId: event.creativeId, page: event.page, zone: event.zone, impressions, clicks })
    .onConflictDoUpdate({
      target: [adCounts.creativeId, adCounts.page, adCounts.zone],
      set: {
        impressions: sql`${adCounts.impressions} + ${impressions}`,
        clicks: sql`${adCounts.clicks} + ${clicks}`,
      },
    });
}

const toAdmin = (row: CreativeRow, counts?: { impressions: number; clicks: number }): AdminAdCreative => ({
  id: row.id,
  page: row.page,
  zone: row.zone,
  name: row.name,
  imageUrl: row.imageUrl,
  linkUrl: row.linkUrl,
  altText: row.altText,
  priority: row.priority,
  isActive: row.isActive === 1,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  impressions: counts?.impressions ?? 0,
  clicks: counts?.clicks ?? 0,
  updatedAt: row.updatedAt.toISOString(),
});

async function countsOf(db: Database, creativeId?: string) {
  const rows = await db
    .select({
      creativeId: adCounts.creativeId,
      impressions: sql<number>`sum(${adCounts.impressions})::int`,
      clicks: sql<number>`sum(${adCounts.clicks})::int`,
    })
    .from(adCounts)
    .where(creativeId ? eq(adCounts.creativeId, creativeId) : undefined)
    .groupBy(adCounts.creativeId);
  return new Map(rows.map((row) => [row.creativeId, row]));
}

/** Every creative, by page and zone, with its counts. */
export async function listCreatives(db: Database): Promise<AdminAdCreative[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(adCreatives)
      .orderBy(
        asc(adCreatives.page),
        asc(adCreatives.zone),
        desc(adCreatives.priority),
        asc(adCreatives.createdAt),
      ),
    countsOf(db),
  ]);
  return rows.map((row) => toAdmin(row, counts.get(row.id)));
}

type ParsedCreativeInput = Required<Omit<AdCreativeInput, 'id'>> & { id?: string | undefined };

export async function saveCreative(db: Database, input: ParsedCreativeInput): Promise<AdminAdCreative> {
  if (!adZoneSize(input.page, input.zone)) {
    throw badRequest(INVALID_AD_LOCATION, { zone: `${input.page}/${input.zone} is not an ad zone.` });
  }
  const values = {
    page: input.page,
    zone: input.zone,
    name: input.name,
    imageUrl: input.imageUrl,
    linkUrl: input.linkUrl,
    altText: input.altText,
    priority: input.priority,
    isActive: input.isActive ? 1 : 0,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    updatedAt: new Date(),
  };
  if (input.id) {
    const [row] = await db.update(adCreatives).set(values).where(eq(adCreatives.id, input.id)).returning();
    if (!row) throw notFound('No ad with that id.');
    return toAdmin(row, (await countsOf(db, row.id)).get(row.id));
  }
  const [row] = await db.insert(adCreatives).values(values).returning();
  return toAdmin(row!);
}

export async function deleteCreative(db: Database, id: string): Promise<void> {
  const rows = await db.delete(adCreatives).where(eq(adCreatives.id, id)).returning({ id: adCreatives.id });
  if (rows.length === 0) throw notFound('No ad with that id.');
}

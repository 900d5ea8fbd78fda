import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AlertRunResult, AlertSettings } from '../../../shared/contract/alerts.ts';
import { searchRequestSchema } from '../../../shared/contract/listing-search.ts';
import { SavedSearchFrequency } from '../../../shared/contract/saved-searches.ts';
import { toSearchCall } from '../../../shared/contract/search-call.ts';
import {
  alertSubject,
  newListingsText,
  priceDropText,
  savedSearchDue,
  UserAlertKind,
} from '../../../shared/domain/alerts.ts';
import { ListingType } from '../../../shared/domain/listing.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import { listingPath, paths } from '../../../shared/routes/paths.ts';
import { parseSearchParams, toSearchQueryString } from '../../../shared/search/search-url.ts';
import { addUserAlert, type StoredUserAlert } from '../../core/user-alerts.ts';
import { type Database, queryRows, type Transaction } from '../../db/client.ts';
import { alertSettings, favoritePriceWatches, savedSearches, users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { boundingBoxSql, distanceSql, OFFERED, offeredInCopy, planSearch } from '../listings/index.ts';
import { findZipCentroid } from '../location/index.ts';
import { digestMessage } from './digest-mail.ts';
import { toAlertSettings } from './settings.ts';
import { unsubscribeLink } from './unsubscribe-token.ts';

export interface AlertJobDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  jwtSecret: string;
  log: { error(object: Record<string, unknown>, message: string): void };
  /** The job's clock (tests move it); the database's own clock still dates listings and alerts. */
  now?: () => Date;
}

/** Key space of the per-user advisory lock (see the other `*_LOCK` constants of the server). */
const ALERTS_LOCK = 7_301_016;
/** The most listings one alert names, and looks for per run; the rest come at the next runs. */
const LISTINGS_PER_ALERT = 20;
const TITLES_IN_TEXT = 3;
/**
 * How far before the last check a new listing is still looked for: a listing is dated when its
 * transaction starts, so one that committed after the last check may carry an earlier time. Listings
 * already alerted are skipped by their delivery record, so the overlap never alerts twice.
 */
const LATE_COMMIT_SLACK = sql`interval '1 hour'`;

interface NewListing extends Record<string, unknown> {
  id: string;
  title: string;
  price: number | string;
}

type SavedSearchRow = typeof savedSearches.$inferSelect;

const isoOf = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** "Glock 19 ($499.00), Glock 17 ($525.00) and 3 more". */
function titlesText(found: readonly NewListing[]): string {
  const named = found.slice(0, TITLES_IN_TEXT).map((row) => `${row.title} (${formatPrice(row.price)})`);
  const rest = found.length - named.length;
  return rest > 0 ? `${named.join(', ')} and ${rest} more` : named.join(', ');
}

/**
 * Records each listing as told to the user under `prefix`; answers those recorded now. Under the
 * user's lock nothing else records for them, and the primary key holds even without it.
 */
async function recordDeliveries(
  tx: Transaction,
  userId: string,
  prefix: string,
  found: readonly NewListing[],
): Promise<NewListing[]> {
  if (found.length === 0) return [];
  const keys = found.map((row) => `${prefix}${row.id}`);
  const inserted = await queryRows<{ key: string }>(
    tx,
    sql`insert into alert_deliveries (user_id, key)
      select ${userId}, unnest(${sql`array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`})
      on conflict do nothing returning key`,
  );
  const recorded = new Set(inserted.map((row) => row.key));
  return found.filter((row) => recorded.has(`${prefix}${row.id}`));
}

/** The listing (its id column given) was not yet told to the user under `prefix`. */
const notDelivered = (userId: string, prefix: string, listingId: SQL) =>
  sql`not exists (select 1 from alert_deliveries d
    where d.user_id = ${userId} and d.key = ${prefix} || ${listingId}::text)`;

/** The search a saved search re-runs: its /search query string, with its filters object on top. */
function savedSearchRequest(search: SavedSearchRow) {
  const fromQuery = toSearchCall(parseSearchParams(search.searchQuery)).body;
  const parsed = searchRequestSchema.safeParse({ ...fromQuery, ...(search.filters ?? {}) });
  return parsed.success ? parsed.data : null;
}

/** Offered listings matching the saved search, started since it was last checked, not yet alerted. */
async function newMatches(tx: Transaction, userId: string, search: SavedSearchRow): Promise<NewListing[]> {
  const request = savedSearchRequest(search);
  if (!request) return [];
  let plan: Awaited<ReturnType<typeof planSearch>>;
  try {
    plan = await planSearch(tx, request);
  } catch {
    // A ZIP code that is no longer known: the search finds nothing rather than failing the run.
    return [];
  }
  const prefix = `search:${search.id}:`;
  const since = isoOf(search.createdAt);
  const checked = search.checkedThrough ? isoOf(search.checkedThrough) : since;
  const conditions: SQL[] = [
    offeredInCopy('l', sql`now()`),
    sql`l.listing_start_date > greatest(${since}::timestamptz, ${checked}::timestamptz - ${LATE_COMMIT_SLACK})`,
    sql`l.user_id <> ${userId}`,
    ...plan.where,
    ...[plan.facets.family, plan.facets.condition, plan.facets.listingType].filter(
      (condition): condition is SQL => condition !== null,
    ),
    notDelivered(userId, prefix, sql`l.listing_id`),
  ];
  if (plan.radius !== null && plan.origin) {
    conditions.push(sql`${distanceSql(plan.origin)} <= ${plan.radius}::float8`);
  }
  // The keyword copy holds every column the filters read, the search vector included.
  const found = await queryRows<NewListing>(
    tx,
    sql`select x.id, x.title, x.price from listing_search l join listings x on x.id = l.listing_id
      where ${sql.join(conditions, sql` and `)}
      order by l.listing_start_date, l.listing_id limit ${LISTINGS_PER_ALERT}`,
  );
  return recordDeliveries(tx, userId, prefix, found);
}

async function savedSearchAlerts(tx: Transaction, userId: string, now: Date): Promise<StoredUserAlert[]> {
  const searches = await tx
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), ne(savedSearches.frequency, SavedSearchFrequency.Never)));
  const added: StoredUserAlert[] = [];
  for (const search of searches) {
    if (!savedSearchDue(search.frequency, search.lastAlertedAt, now)) continue;
    const found = await newMatches(tx, userId, search);
    const alerted = found.length > 0;
    if (alerted) {
      added.push(
        await addUserAlert(tx, {
          userId,
          kind: UserAlertKind.SavedSearch,
          text: `${newListingsText(found.length)} for “${search.name}”: ${titlesText(found)}.`,
          // Rewritten from its parsed form, so whatever was stored, the link is a plain /search address.
          link: paths.search(parseSearchParams(search.searchQuery)),
          linkText: 'See the search',
          subject: alertSubject.savedSearch(search.id),
        }),
      );
    }
    await tx
      .update(savedSearches)
      .set({ checkedThrough: sql`now()`, ...(alerted ? { lastAlertedAt: now } : {}) })
      .where(eq(savedSearches.id, search.id));
  }
  return added;
}

async function localListingAlerts(
  tx: Transaction,
  userId: string,
  settings: AlertSettings,
  row: typeof alertSettings.$inferSelect | undefined,
): Promise<StoredUserAlert[]> {
  if (!settings.localListings || !settings.localZipCode || !row?.localSince) return [];
  const origin = await findZipCentroid(tx, settings.localZipCode);
  if (!origin) return [];
  const prefix = 'local:';
  const since = isoOf(row.localSince);
  const checked = row.localCheckedThrough ? isoOf(row.localCheckedThrough) : since;
  const found = await queryRows<NewListing>(
    tx,
    sql`select l.id, l.title, l.price from listings l
      where l.listing_type = ${ListingType.Local} and ${OFFERED}
        and l.listing_start_date > greatest(${since}::timestamptz, ${checked}::timestamptz - ${LATE_COMMIT_SLACK})
        and l.user_id <> ${userId}
        and ${boundingBoxSql(origin, settings.localDistance)}
        and ${distanceSql(origin)} <= ${settings.localDistance}::float8
        and ${notDelivered(userId, prefix, sql`l.id`)}
      order by l.listing_start_date, l.id limit ${LISTINGS_PER_ALERT}`,
  );
  const recorded = await recordDeliveries(tx, userId, prefix, found);
  await tx
    .update(alertSettings)
    .set({ localCheckedThrough: sql`now()` })
    .where(eq(alertSettings.userId, userId));
  if (recorded.length === 0) return [];
  const query = toSearchQueryString({
    listingType: 'local',
    zipCode: settings.localZipCode,
    distance: settings.localDistance,
    sort: 'newest',
  });
  return [
    await addUserAlert(tx, {
      userId,
      kind: UserAlertKind.LocalListing,
      text: `${newListingsText(recorded.length)} within ${settings.localDistance} miles of ${settings.localZipCode}: ${titlesText(recorded)}.`,
      link: `/search?${query}`,
      linkText: 'See them',
    }),
  ];
}

/**
 * Each favorite's price against the last one seen: a drop is alerted (when the buyer wants price
 * alerts) and becomes the new reference; a rise only moves the reference, so a later drop is news
 * again. A favorite seen for the first time only sets its reference.
 */
async function priceDropAlerts(
  tx: Transaction,
  userId: string,
  settings: AlertSettings,
): Promise<StoredUserAlert[]> {
  const rows = await queryRows<{
    listingId: string;
    title: string;
    price: number | string;
    lastPrice: number | string | null;
  }>(
    tx,
    sql`select f.listing_id as "listingId", l.title, l.price, w.last_price as "lastPrice"
      from favorites f
      join listings l on l.id = f.listing_id
      left join favorite_price_watches w on w.user_id = f.user_id and w.listing_id = f.listing_id
      where f.user_id = ${userId} and ${OFFERED}
      order by f.created_at, f.listing_id`,
  );
  const added: StoredUserAlert[] = [];
  for (const row of rows) {
    const price = Number(row.price);
    const last = row.lastPrice === null ? null : Number(row.lastPrice);
    if (last === price) continue;
    await tx
      .insert(favoritePriceWatches)
      .values({ userId, listingId: row.listingId, lastPrice: price })
      .onConflictDoUpdate({
        target: [favoritePriceWatches.userId, favoritePriceWatches.listingId],
        set: { lastPrice: price, updatedAt: sql`now()` },
      });
    if (last === null || price > last || !settings.priceDrops) continue;
    added.push(
      await addUserAlert(tx, {
        userId,
        kind: UserAlertKind.PriceDrop,
        text: priceDropText(row.title, formatPrice(last), formatPrice(price)),
        link: listingPath(row.listingId, row.title),
        linkText: 'See the listing',
      }),
    );
  }
  return added;
}

interface UserRun {
  alerts: StoredUserAlert[];
  email: string;
  firstName: string;
  emailDigest: boolean;
}

/**
 * One user's part of a run, in one transaction under the user's advisory lock: a second server
 * reaching the same user waits, then finds everything already recorded and adds nothing.
 */
async function runForUser(db: Database, userId: string, now: Date): Promise<UserRun | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALERTS_LOCK}, hashtext(${userId}))`);
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return null;
    const [row] = await tx.select().from(alertSettings).where(eq(alertSettings.userId, userId));
    const settings = toAlertSettings(row);
    const alerts = [
      ...(await savedSearchAlerts(tx, userId, now)),
      ...(await priceDropAlerts(tx, userId, settings)),
      ...(await localListingAlerts(tx, userId, settings, row)),
    ];
    return { alerts, email: user.email, firstName: user.firstName, emailDigest: settings.emailDigest };
  });
}

/** Accounts with something to watch: an alerting saved search, a favorite, or local-listing alerts. */
async function watchingUsers(db: Database): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select s.user_id as id from saved_searches s where s.frequency <> ${SavedSearchFrequency.Never}
      union select f.user_id from favorites f
      union select a.user_id from alert_settings a where a.local_listings
      order by id`,
  );
  return rows.map((row) => row.id);
}

/**
 * One run of the alert job: every watching user's new saved-search matches (as their frequency
 * allows), favorites' price drops and new local listings become dashboard alerts, and each user with
 * anything new gets one digest e-mail (unless they turned e-mails off). Safe on several servers at
 * once: users are locked one by one and every alerted listing is recorded.
 */
export async function runAlerts(deps: AlertJobDeps): Promise<AlertRunResult> {
  const now = deps.now?.() ?? new Date();
  const result: AlertRunResult = { users: 0, alerts: 0, emails: 0 };
  for (const userId of await watchingUsers(deps.db)) {
    let run: UserRun | null;
    try {
      run = await runForUser(deps.db, userId, now);
    } catch (error) {
      // One user's failure must not hold back everyone else's alerts.
      deps.log.error({ err: error, userId }, 'alerts for one user failed');
      continue;
    }
    result.users += 1;
    if (!run || run.alerts.length === 0) continue;
    result.alerts += run.alerts.length;
    if (!run.emailDigest) continue;
    try {
      const unsubscribe = await unsubscribeLink(deps.publicOrigin, userId, deps.jwtSecret);
      await deps.mailer.send(digestMessage(run, deps.publicOrigin, unsubscribe));
      result.emails += 1;
    } catch (error) {
      // The alerts are on the dashboard already; the e-mail is not retried.
      deps.log.error({ err: error, userId }, 'the alert digest e-mail could not be sent');
    }
  }
  return result;
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type DistributorFeed,
  DistributorFeedFormat,
  type DistributorFeedRun,
  DistributorFeedSource,
  type DistributorFeedValues,
  FEED_RUNS_SHOWN,
} from '../../../shared/contract/distributor-feeds.ts';
import type { DistributorFeedListResponse } from '../../../shared/contract/feeds.ts';
import { type Database, queryRows } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { distributorFeeds, distributors } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { remoteAddressProblem } from '../../http/remote-fetch.ts';
import type { FeedRow } from './lease.ts';
import { type FeedDeps, pullFeed } from './pull.ts';

/** The distributor each format's listings are filed under (by the name in the distributors table). */
const DISTRIBUTOR_OF_FORMAT: Readonly<
  Record<DistributorFeedFormat, { name: string; aliases: string[] } | null>
> = {
  rsr: { name: 'RSR Group', aliases: ['rsr group', 'rsr'] },
  davidsons: { name: 'Davidson’s', aliases: ['davidson’s', "davidson's", 'davidsons'] },
  lipseys: { name: 'Lipsey’s', aliases: ['lipsey’s', "lipsey's", 'lipseys'] },
  zanders: { name: 'Zanders Sporting Goods', aliases: ['zanders sporting goods', 'zanders'] },
  'generic-csv': null,
};

const FEED_NOT_FOUND = 'No distributor feed has this id.';

/** The distributor row of a format, added when the catalogue lacks it. */
async function distributorIdOf(db: Database, format: DistributorFeedFormat): Promise<string | null> {
  const distributor = DISTRIBUTOR_OF_FORMAT[format];
  if (!distributor) return null;
  const [found] = await db
    .select({ id: distributors.id })
    .from(distributors)
    .where(
      sql`lower(${distributors.name}) in (select json_array_elements_text(${JSON.stringify(distributor.aliases)}::json))`,
    )
    .orderBy(asc(distributors.createdAt))
    .limit(1);
  if (found) return found.id;
  const [created] = await db
    .insert(distributors)
    .values({ name: distributor.name })
    .returning({ id: distributors.id });
  return created?.id ?? null;
}

type RunRow = {
  id: string;
  feed_id: string;
  trigger: DistributorFeedRun['trigger'];
  status: DistributorFeedRun['status'];
  started_at: string | Date;
  finished_at: string | Date | null;
  total_rows: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  closed_count: number;
  skipped_count: number;
  failed_count: number;
  message: string | null;
  errors: DistributorFeedRun['errors'] | string;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function runOf(row: RunRow): DistributorFeedRun {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    startedAt: iso(row.started_at) as string,
    finishedAt: iso(row.finished_at),
    totalRows: Number(row.total_rows),
    created: Number(row.created_count),
    updated: Number(row.updated_count),
    unchanged: Number(row.unchanged_count),
    closed: Number(row.closed_count),
    skipped: Number(row.skipped_count),
    failed: Number(row.failed_count),
    message: row.message,
    errors: typeof row.errors === 'string' ? JSON.parse(row.errors) : row.errors,
  };
}

/** Feeds as the contract answers them, each with its latest runs. */
async function feedsAnswer(db: Database, rows: readonly FeedRow[]): Promise<DistributorFeed[]> {
  if (rows.length === 0) return [];
  const ids = JSON.stringify(rows.map((row) => row.id));
  const runRows = await queryRows<RunRow>(
    db,
    sql`select * from (
        select r.*, row_number() over (partition by r.feed_id order by r.started_at desc, r.id desc) as n
        from distributor_feed_runs r
        where r.feed_id in (select json_array_elements_text(${ids}::json)::uuid)
      ) latest where n <= ${FEED_RUNS_SHOWN} order by started_at desc, id desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    source: row.source,
    url: row.url,
    fileName: row.fileName,
    format: row.format,
    columnMapping: row.columnMapping,
    priceRule: row.priceRule,
    shippingCost: Number(row.shippingCost),
    deliveryDays: row.deliveryDays,
    schedule: row.schedule,
    isActive: row.isActive,
    distributorId: row.distributorId,
    lastRunAt: iso(row.lastRunAt),
    lastStatus: row.lastStatus,
    lastMessage: row.lastMessage,
    nextRunAt: row.isActive ? iso(row.nextRunAt) : null,
    createdAt: iso(row.createdAt) as string,
    runs: runRows.filter((run) => run.feed_id === row.id).map(runOf),
  }));
}

/** A feed the caller may see and change: their own, or any for an admin; otherwise 404. */
async function ownedFeed(db: Database, auth: AuthContext, id: string): Promise<FeedRow> {
  const feed = await db.query.distributorFeeds.findFirst({ where: (feeds, { eq }) => eq(feeds.id, id) });
  if (!feed || (feed.userId !== auth.userId && !auth.isAdmin)) throw notFound(FEED_NOT_FOUND);
  return feed;
}

async function answerOne(db: Database, id: string): Promise<DistributorFeed> {
  const feed = await db.query.distributorFeeds.findFirst({ where: (feeds, { eq }) => eq(feeds.id, id) });
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const [answer] = await feedsAnswer(db, [feed]);
  return answer as DistributorFeed;
}

/** GET /users/GetDistributorFeed: the caller's feeds, by name, optionally only the one named. */
export async function listFeeds(
  deps: FeedDeps,
  auth: AuthContext,
  name: string | undefined,
): Promise<DistributorFeedListResponse> {
  const rows = await deps.db
    .select()
    .from(distributorFeeds)
    .where(
      and(
        eq(distributorFeeds.userId, auth.userId),
        name ? sql`lower(${distributorFeeds.name}) = lower(${name})` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${distributorFeeds.name})`));
  return { results: await feedsAnswer(deps.db, rows) };
}

/**
 * POST /users/ManageDistributorFeed: adds a feed for the caller, or changes one they own (an admin:
 * any). An upload source keeps its file in the blob store; a new file replaces the old one. With
 * `pullNow`, the feed is pulled before the answer (unless a pull of it is already running).
 */
export async function saveFeed(
  deps: FeedDeps,
  auth: AuthContext,
  input: DistributorFeedValues,
  files: readonly UploadedFile[],
): Promise<DistributorFeed> {
  const existing = input.id ? await ownedFeed(deps.db, auth, input.id) : null;
  const file = files[0];
  if (input.source === DistributorFeedSource.Url && file) {
    throw badRequest('The request is not valid.', { feedFile: 'A feed read from an address takes no file.' });
  }
  if (input.source === DistributorFeedSource.Upload && !file && !existing?.fileKey) {
    throw badRequest('The request is not valid.', { feedFile: 'Choose the feed file to upload.' });
  }
  const addressProblem =
    input.source === DistributorFeedSource.Url && input.url
      ? remoteAddressProblem(input.url, deps.allowPrivateAddresses)
      : null;
  if (addressProblem) {
    throw badRequest('The request is not valid.', {
      url: `The feed must be on the public internet: ${addressProblem}`,
    });
  }
  const id = existing?.id ?? randomUUID();
  const ownerId = existing?.userId ?? auth.userId;
  const fileKey = file ? `feeds/${id}/${Date.now()}.csv` : (existing?.fileKey ?? null);
  if (file) await deps.blobs.put(fileKey as string, file.data);

  const values = {
    name: input.name,
    source: input.source,
    url: input.source === DistributorFeedSource.Url ? (input.url ?? null) : null,
    fileKey: input.source === DistributorFeedSource.Upload ? fileKey : null,
    fileName:
      input.source === DistributorFeedSource.Upload
        ? file
          ? file.name.replace(/^“|”$/g, '')
          : (existing?.fileName ?? null)
        : null,
    format: input.format,
    columnMapping: input.format === DistributorFeedFormat.GenericCsv ? (input.columnMapping ?? {}) : null,
    priceRule: input.priceRule,
    shippingCost: input.shippingCost,
    deliveryDays: input.deliveryDays,
    schedule: input.schedule,
    isActive: input.isActive,
    distributorId: await distributorIdOf(deps.db, input.format),
    updatedAt: new Date(),
  };
  try {
    if (existing) {
      await deps.db
        .update(distributorFeeds)
        .set({ ...values, nextRunAt: existing.nextRunAt ?? new Date() })
        .where(eq(distributorFeeds.id, id));
    } else {
      await deps.db
        .insert(distributorFeeds)
        .values({ ...values, id, userId: ownerId, nextRunAt: new Date() });
    }
  } catch (error) {
    if (file) await deps.blobs.delete([fileKey as string]);
    if (isUniqueViolation(error))
      throw conflict(`You already have a distributor feed named “${input.name}”.`);
    throw error;
  }
  if (existing?.fileKey && existing.fileKey !== values.fileKey) await deps.blobs.delete([existing.fileKey]);
  if (input.pullNow) await pullFeed(deps, id, 'manual');
  return answerOne(deps.db, id);
}

/** DELETE /users/DeleteDistributorFeed/{id}: the feed and its runs go; its listings stay as they are. */
export async function deleteFeed(deps: FeedDeps, auth: AuthContext, id: string): Promise<{ success: true }> {
  const feed = await ownedFeed(deps.db, auth, id);
  await deps.db.delete(distributorFeeds).where(eq(distributorFeeds.id, feed.id));
  if (feed.fileKey) await deps.blobs.delete([feed.fileKey]);
  return { success: true };
}

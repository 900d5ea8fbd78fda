import { FEEDS_ENDPOINTS } from '../../../shared/contract/feeds.ts';
import type { ModuleContext, ModuleParts } from '../../module-context.ts';
import { feedPullJob } from './jobs.ts';
import type { FeedDeps } from './pull.ts';
import { deleteFeed, listFeeds, saveFeed } from './service.ts';

/** What feed pulls need from the app: the database, the blob store, and the address rule of this environment. */
export function feedDepsOf(ctx: ModuleContext): FeedDeps {
  return {
    db: ctx.database.db,
    blobs: ctx.blobs,
    // Tests serve feed files from this machine; everywhere else a feed must come from the internet.
    allowPrivateAddresses: ctx.config.nodeEnv === 'test',
    onError: (error) => ctx.app.log.error({ err: error }, 'distributor feed pull failed'),
  };
}

/** The distributor-feed calls, and the scheduled pulls behind them. */
export function registerFeedsModule(ctx: ModuleContext): ModuleParts {
  const deps = feedDepsOf(ctx);
  ctx.endpoints(FEEDS_ENDPOINTS, {
    usersManageDistributorFeed: ({ body, files, auth }) => saveFeed(deps, auth, body, files),
    usersGetDistributorFeed: ({ query, auth }) => listFeeds(deps, auth, query.name),
    usersDeleteDistributorFeed: ({ params, auth }) => deleteFeed(deps, auth, params.id),
  });
  return { jobs: [feedPullJob(deps)] };
}

import type { USERS_ENDPOINTS } from '../../../shared/contract/users.ts';
import type { HandlerMap } from '../../http/endpoint.ts';
import type { ModuleContext } from '../../module-context.ts';
import type { PeriodicJob } from '../../periodic-jobs.ts';
import { feedPullJob } from './jobs.ts';
import type { FeedDeps } from './pull.ts';
import { deleteFeed, listFeeds, saveFeed } from './service.ts';

type FeedHandlers = Pick<
  HandlerMap<typeof USERS_ENDPOINTS>,
  'usersManageDistributorFeed' | 'usersGetDistributorFeed' | 'usersDeleteDistributorFeed'
>;

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

/**
 * The distributor-feed calls of the users table (registered by the users module), and the scheduled
 * pulls behind them.
 */
export function distributorFeedHandlers(ctx: ModuleContext): { handlers: FeedHandlers; jobs: PeriodicJob[] } {
  const deps = feedDepsOf(ctx);
  return {
    handlers: {
      usersManageDistributorFeed: ({ body, files, auth }) => saveFeed(deps, auth, body, files),
      usersGetDistributorFeed: ({ query, auth }) => listFeeds(deps, auth, query.name),
      usersDeleteDistributorFeed: ({ params, auth }) => deleteFeed(deps, auth, params.id),
    },
    jobs: [feedPullJob(deps)],
  };
}

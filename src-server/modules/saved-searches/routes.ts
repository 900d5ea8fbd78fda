import { MAX_SAVED_SEARCHES, SAVED_SEARCHES_ENDPOINTS } from '../../../shared/contract/saved-searches.ts';
import type { ModuleContext } from '../../module-context.ts';
import { deleteSavedSearch, listSavedSearches, saveSearch } from './service.ts';

/**
 * Saved searches: a user's own; an admin may read or change anyone's (the contract's
 * `owner: 'account'` check guards the listing's `filters.userId`).
 */
export function registerSavedSearchesModule({ endpoints, database }: ModuleContext): void {
  const { db } = database;

  endpoints(SAVED_SEARCHES_ENDPOINTS, {
    usersGetSavedSearches: async ({ auth, body }) => {
      const ownerId = body.filters.userId?.toLowerCase() ?? auth.userId;
      return listSavedSearches(db, ownerId, {
        total: body.total ?? MAX_SAVED_SEARCHES,
        frequency: body.filters.frequency,
        includeUser: body.mappers.includeUser,
      });
    },
    usersAddOrUpdateSaveSearch: async ({ auth, body }) => saveSearch(db, auth, body),
    usersDeleteSaveSearch: async ({ auth, params }) => {
      await deleteSavedSearch(db, auth, params.id);
      return { success: true as const };
    },
  });
}

import { ENDPOINTS } from '../../../shared/contract/endpoints.ts';
import { MAX_SAVED_SEARCHES } from '../../../shared/contract/saved-searches.ts';
import { forbidden } from '../../http/errors.ts';
import type { ModuleContext } from '../../module-context.ts';
import { deleteSavedSearch, listSavedSearches, saveSearch } from './service.ts';

/** Saved searches (spec §3 and §7): a user's own; an admin may read or change anyone's. */
export function registerSavedSearchesModule({ endpoint, database }: ModuleContext): void {
  const { db } = database;

  endpoint(ENDPOINTS.usersGetSavedSearches, async ({ auth, body }) => {
    const ownerId = body.filters.userId?.toLowerCase() ?? auth.userId;
    if (ownerId !== auth.userId && !auth.isAdmin)
      throw forbidden('You can only list your own saved searches.');
    return listSavedSearches(db, ownerId, {
      total: body.total ?? MAX_SAVED_SEARCHES,
      frequency: body.filters.frequency,
      includeUser: body.mappers.includeUser,
    });
  });

  endpoint(ENDPOINTS.usersAddOrUpdateSaveSearch, async ({ auth, body }) => saveSearch(db, auth, body));

  endpoint(ENDPOINTS.usersDeleteSaveSearch, async ({ auth, params }) => {
    await deleteSavedSearch(db, auth, params.id);
    return { success: true as const };
  });
}

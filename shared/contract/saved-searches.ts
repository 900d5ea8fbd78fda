import { z } from 'zod';
import { SavedSearchFrequency } from '../domain/alerts.ts';
import { nameText, plainText } from '../domain/text.ts';
import { dateTimeSchema, idParamsSchema, successSchema, uuidSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { searchFiltersSchema } from './listing-search.ts';

export { SavedSearchFrequency };
export const savedSearchFrequencySchema = z.enum(SavedSearchFrequency);
export const SAVED_SEARCH_FREQUENCIES = Object.values(SavedSearchFrequency) as SavedSearchFrequency[];

/** What each frequency is called on screens and in e-mails. */
export const SAVED_SEARCH_FREQUENCY_LABELS: Readonly<Record<SavedSearchFrequency, string>> = {
  Immediately: 'As soon as they are listed',
  Daily: 'Once a day',
  Weekly: 'Once a week',
  Never: 'No alerts',
};

export const savedSearchUserSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SavedSearchUser = z.infer<typeof savedSearchUserSchema>;

export const savedSearchSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  name: z.string(),
  /** The /search query string the search re-runs ("keyword=glock&listingType=local"). */
  searchQuery: z.string(),
  frequency: savedSearchFrequencySchema,
  filters: searchFiltersSchema.nullable(),
  createdAt: dateTimeSchema,
  /** Present when the request asked for `mappers.includeUser`. */
  user: savedSearchUserSchema.optional(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const MAX_SAVED_SEARCHES = 100;

/**
 * POST /users/getSavedSearches. `total` caps how many come back (newest first); `filters.userId`
 * other than the caller's is for admins.
 */
export const savedSearchListRequestSchema = z.object({
  total: z.int().min(1).max(MAX_SAVED_SEARCHES).optional(),
  filters: z
    .object({
      userId: uuidSchema.optional(),
      frequency: savedSearchFrequencySchema.optional(),
    })
    .prefault({}),
  mappers: z.object({ includeUser: z.boolean().default(false) }).prefault({}),
});
export type SavedSearchListRequest = z.input<typeof savedSearchListRequestSchema>;

/** `total` counts all of the owner's saved searches, not only those returned. */
export const savedSearchListResponseSchema = z.object({
  total: z.int().nonnegative(),
  results: z.array(savedSearchSchema),
});
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponseSchema>;

/** POST /users/addOrUpdateSaveSearch: with `id`, updates one of the caller's saved searches. */
export const savedSearchInputSchema = z.object({
  id: uuidSchema.optional(),
  name: nameText().min(1, { error: 'Name the search.' }).max(100),
  searchQuery: plainText().trim().max(2000),
  frequency: savedSearchFrequencySchema.default(SavedSearchFrequency.Daily),
  filters: searchFiltersSchema.optional(),
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** The calls served by `src-server/modules/saved-searches/`. */
export const SAVED_SEARCHES_ENDPOINTS = {
  usersGetSavedSearches: defineEndpoint({
    method: 'POST',
    path: '/users/getSavedSearches',
    summary: "The caller's saved searches.",
    access: 'user',
    owner: 'account',
    ownerId: 'body.filters.userId',
    body: savedSearchListRequestSchema,
    response: savedSearchListResponseSchema,
  }),
  usersAddOrUpdateSaveSearch: defineEndpoint({
    method: 'POST',
    path: '/users/addOrUpdateSaveSearch',
    summary: 'Save a search, or update one of the caller’s.',
    access: 'user',
    owner: 'savedSearch',
    ownerId: 'body.id',
    body: savedSearchInputSchema,
    response: savedSearchSchema,
  }),
  usersDeleteSaveSearch: defineEndpoint({
    method: 'DELETE',
    path: '/users/deleteSaveSearch/{id}',
    summary: 'Delete a saved search of the caller.',
    access: 'user',
    owner: 'savedSearch',
    ownerId: 'params.id',
    params: idParamsSchema,
    response: successSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;

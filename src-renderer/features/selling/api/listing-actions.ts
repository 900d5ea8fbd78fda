import { RELIST_FAILURE } from '../../../../shared/contract/listings.ts';
import { type ApiClient, isApiError } from '../../../lib/api-client.ts';

export type ListingAction = 'close' | 'relist' | 'delete';

export type ListingActionResult = { id: string; ok: true } | { id: string; ok: false; message: string };

/**
 * The message a failed action shows: a refusal (4xx, e.g. 409 for a frozen or sold listing) says why
 * in its own words; a failed relist reads the answer's errorMessage.
 */
function failureMessage(action: ListingAction, error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.status < 500) return error.message;
  if (action === 'relist') {
    const body = isApiError(error) ? (error.body as { errorMessage?: unknown } | undefined) : undefined;
    return typeof body?.errorMessage === 'string' ? body.errorMessage : RELIST_FAILURE.errorMessage;
  }
  return action === 'close'
    ? 'The listing could not be closed. Please try again.'
    : 'The listing could not be deleted. Please try again.';
}

/** POST /listings/close/{id}, POST /listings/relist/{id} or DELETE /listings/delete/{id} for one listing. */
export async function runListingAction(
  api: ApiClient,
  action: ListingAction,
  id: string,
): Promise<ListingActionResult> {
  try {
    if (action === 'close') await api.call('listingsClose', { params: { id } });
    else if (action === 'delete') await api.call('listingsDelete', { params: { id } });
    else {
      const result = await api.call('listingsRelist', { params: { id } });
      if (!result.success) return { id, ok: false, message: RELIST_FAILURE.errorMessage };
    }
    return { id, ok: true };
  } catch (error) {
    return { id, ok: false, message: failureMessage(action, error) };
  }
}

/** Runs one action on several listings, one after another, and answers each listing's result. */
export async function runBulkListingAction(
  api: ApiClient,
  action: ListingAction,
  ids: readonly string[],
): Promise<ListingActionResult[]> {
  const results: ListingActionResult[] = [];
  for (const id of ids) results.push(await runListingAction(api, action, id));
  return results;
}

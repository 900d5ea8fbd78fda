import type { ApiClient } from '../../../lib/api-client.ts';

/** DELETE /listings/delete-image/{id}: true when removed, null on any error. */
export async function deleteListingImage(api: ApiClient, id: string): Promise<true | null> {
  try {
    await api.call('listingsDeleteImage', { params: { id } });
    return true;
  } catch {
    return null;
  }
}

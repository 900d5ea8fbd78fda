import { useQuery } from '@tanstack/react-query';
import type { ListingDetail } from '../../../shared/contract/listings.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';

export const listingQueryKey = (id: string) => ['listings', 'get', id] as const;

/** POST /listings/get for one listing id; null when there is no such listing. */
export function useListing(id: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: listingQueryKey(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }): Promise<ListingDetail | null> => {
      const answer = await api.call(
        'listingsGet',
        { body: { filters: { listingIds: [id ?? ''] } } },
        { signal },
      );
      return answer.results[0] ?? null;
    },
  });
}

/** POST /listings/get by a legacy (numeric) id, for `/listing?p=`. */
export function useLegacyListing(legacyId: number | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['listings', 'get-legacy', legacyId],
    enabled: legacyId !== undefined,
    queryFn: async ({ signal }): Promise<ListingDetail | null> => {
      const answer = await api.call(
        'listingsGet',
        { body: { filters: { legacyIds: [legacyId ?? 0] } } },
        { signal },
      );
      return answer.results[0] ?? null;
    },
  });
}

export type HomeList = 'featured' | 'local' | 'newThisWeek';

/** A home page list (GET /listings/featured, /listings/local, /listings/newthisweek). */
export function useHomeList(list: HomeList) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['listings', 'home', list],
    queryFn: async ({ signal }) => {
      const answer =
        list === 'featured'
          ? await api.call('listingsFeatured', {}, { signal })
          : list === 'local'
            ? await api.call('listingsLocal', {}, { signal })
            : await api.call('listingsNewThisWeek', {}, { signal });
      return answer.results;
    },
  });
}

/** GET /brands/{slug}; null for an unknown brand. */
export function useBrand(slug: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['brands', slug],
    enabled: Boolean(slug),
    queryFn: async ({ signal }) => {
      try {
        return await api.call('brandsGet', { params: { slug: slug ?? '' } }, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

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

import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /ads/zone for a known location; a failure shows no ad (spec §8). */
export function useAdZone(page: string, zone: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['ads', page, zone],
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return (await api.call('adsZone', { query: { page, zone } }, { signal })).ads;
      } catch {
        return [];
      }
    },
  });
}

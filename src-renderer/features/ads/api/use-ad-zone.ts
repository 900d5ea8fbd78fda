import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/**
 * GET /ads/zone for a known location. A busy server's answer (5xx, a dropped connection) is tried
 * again as every query is; a zone whose ads cannot be read in the end shows no ad.
 */
export function useAdZone(page: string, zone: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['ads', page, zone],
    enabled,
    queryFn: async ({ signal }) => (await api.call('adsZone', { query: { page, zone } }, { signal })).ads,
  });
}

import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** Brand names (GET /brands) offered as manufacturer suggestions; an unreachable list offers none. */
export function useBrandNames() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['brands', 'names'],
    staleTime: 60 * 60 * 1000,
    queryFn: async () => {
      try {
        const { results } = await api.call('brandsList');
        return results.map((brand) => brand.name);
      } catch {
        return [];
      }
    },
  });
}

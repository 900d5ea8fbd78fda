import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

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

import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /wp/article/{slug}; null for an unknown article. */
export function useArticle(slug: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['article', slug],
    enabled: slug !== '',
    queryFn: async ({ signal }) => {
      try {
        return await api.call('wpArticle', { params: { slug } }, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

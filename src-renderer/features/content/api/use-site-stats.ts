import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /content/site-stats: the social-proof figures. */
export function useSiteStats() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['site-stats'],
    queryFn: ({ signal }) => api.call('contentSiteStats', {}, { signal }),
  });
}

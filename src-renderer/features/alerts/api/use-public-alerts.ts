import { useQuery } from '@tanstack/react-query';
import type { Alert } from '../../../../shared/contract/users.ts';
import type { AlertLocation } from '../../../../shared/domain/user.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /users/getPublicAlerts for a location (none when null or when the call fails). */
export function usePublicAlerts(location: AlertLocation | null): Alert[] | undefined {
  const api = useApiClient();
  return useQuery({
    queryKey: ['public-alerts', location ?? 'none'],
    enabled: location !== null,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return (await api.call('usersGetPublicAlerts', { query: { location: location ?? 'HomePage' } }))
          .results;
      } catch {
        return [];
      }
    },
  }).data;
}

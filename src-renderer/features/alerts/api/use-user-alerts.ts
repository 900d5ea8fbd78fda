import { useQuery } from '@tanstack/react-query';
import type { Alert } from '../../../../shared/contract/users.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** GET /users/getUserAlerts for the dashboard; none while `userId` is null or when the call fails. */
export function useUserAlerts(userId: string | null, enabled: boolean): Alert[] | undefined {
  const api = useApiClient();
  return useQuery({
    queryKey: ['alerts', 'user', userId],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return (await api.call('usersGetUserAlerts', { query: { location: 'UserDashboard' } })).results;
      } catch {
        return [];
      }
    },
  }).data;
}

import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

/** GET /userdashboard/summary for the signed-in user (waits while nobody is). */
export function useDashboardSummary() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['dashboard', 'summary', user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('userDashboardSummary'),
  });
}

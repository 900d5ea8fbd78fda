import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsInput } from '../../../../shared/contract/alerts.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

/** Under the `alerts` root, so signing out forgets them. */
export const alertSettingsKey = (userId: string | null) => ['alerts', 'settings', userId] as const;

/** GET /users/alert-settings for the signed-in user (waits while nobody is). */
export function useAlertSettings() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: alertSettingsKey(user?.id ?? null),
    enabled: user !== null,
    queryFn: () => api.call('usersGetAlertSettings'),
  });
}

/** POST /users/alert-settings; the answer is the settings as saved. */
export function useUpdateAlertSettings() {
  const api = useApiClient();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertSettingsInput) => api.call('usersUpdateAlertSettings', { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsKey(user?.id ?? null), saved),
  });
}

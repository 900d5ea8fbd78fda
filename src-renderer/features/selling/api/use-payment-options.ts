import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

export const PAYMENT_OPTIONS_QUERY_KEY = ['account', 'payment-options'] as const;

/** GET /users/payment-options: the signed-in seller's payment setup as stored (never the secret key). */
export function usePaymentOptions() {
  const api = useApiClient();
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...PAYMENT_OPTIONS_QUERY_KEY, user?.id ?? null],
    enabled: user !== null,
    queryFn: () => api.call('usersGetPaymentOptions'),
  });
}

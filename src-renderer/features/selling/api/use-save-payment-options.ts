import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentOptionsInput } from '../../../../shared/contract/billing.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { ELIGIBILITY_QUERY_KEY } from './use-listing-eligibility.ts';
import { PAYMENT_OPTIONS_QUERY_KEY } from './use-payment-options.ts';

/** POST /users/addOrUpdatePaymentOptions; its errors reach the form. */
export function useSavePaymentOptions() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentOptionsInput) => api.call('usersAddOrUpdatePaymentOptions', { body }),
    onSuccess: () =>
      Promise.all([
        // A new payment setup may make the seller eligible to list.
        queryClient.invalidateQueries({ queryKey: ELIGIBILITY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PAYMENT_OPTIONS_QUERY_KEY }),
      ]),
  });
}

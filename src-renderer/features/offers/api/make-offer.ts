import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MakeOfferRequest } from '../../../../shared/contract/offers.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { OFFERS_ROOT } from './get-offers.ts';

/** POST /offers/make; the offers lists refresh after it. */
export function useMakeOffer() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MakeOfferRequest) => api.call('offersMake', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [OFFERS_ROOT] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RespondOfferRequest } from '../../../../shared/contract/offers.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { OFFERS_ROOT } from './get-offers.ts';

/** POST /offers/respond/{id}: accept, counter or decline; the offers lists refresh after it. */
export function useRespondToOffer() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RespondOfferRequest }) =>
      api.call('offersRespond', { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OFFERS_ROOT] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingInput } from '../../../../shared/contract/listing-input.ts';
import type { UploadProgress } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { SELLER_LISTINGS_QUERY_KEY } from './use-seller-listings.ts';

export interface SaveListingInput {
  body: ListingInput;
  /** New photos, in the order they are shown. */
  files: readonly File[];
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** POST /listings/add (multipart: the listing as `request`, new photos as `images`): creates or updates. */
export function useSaveListing() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files, onUploadProgress }: SaveListingInput) =>
      api.call('listingsAdd', { body, files }, onUploadProgress ? { onUploadProgress } : {}),
    onSuccess: async (listing) => {
      queryClient.setQueryData(['dashboard', 'selling', 'listing', listing.id], listing);
      await queryClient.invalidateQueries({ queryKey: SELLER_LISTINGS_QUERY_KEY });
    },
  });
}

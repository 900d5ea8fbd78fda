import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  ListingSkeleton,
  ListingView,
  listingQueryKey,
  useLegacyListing,
} from '../../features/listings/index.ts';
import { useAppRouteParams } from '../../lib/app-route.ts';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { ContactSellerFor } from './contact-seller-for.tsx';
import { ListingError } from './listing-page.tsx';

/** A listing linked by its number on the previous site (`/listing?p=123`): shown, and its own URL replaces this one. */
export function LegacyListingPage() {
  const p = useAppRouteParams('listing')?.p;
  const legacyId = p && /^\d+$/.test(p) ? Number(p) : undefined;
  const listing = useLegacyListing(legacyId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const found = listing.data;

  useEffect(() => {
    if (!found) return;
    queryClient.setQueryData(listingQueryKey(found.id), found);
    navigate(found.listingUrl, { replace: true });
  }, [found, navigate, queryClient]);

  if (listing.data === null || legacyId === undefined) return <NotFoundPage />;
  // Shown (and rendered by the server) as at its own address, which replaces this one at once.
  if (found) return <ListingView listing={found} contactSeller={<ContactSellerFor listing={found} />} />;
  if (listing.isError) return <ListingError onRetry={() => void listing.refetch()} />;
  return <ListingSkeleton />;
}

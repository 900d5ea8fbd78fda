import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import type { SellerListing } from '../../../shared/contract/seller-listings.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import {
  type ListingAction,
  type ListingActionResult,
  runBulkListingAction,
  runListingAction,
} from './api/listing-actions.ts';
import { SELLER_LISTINGS_QUERY_KEY } from './api/use-seller-listings.ts';

/** What one listing's action came to, with its title to name it. */
export type ResultLine = ListingActionResult & { title: string; action: ListingAction };

export interface ListingActions {
  /** The outcome of the last action, a line a listing. */
  results: ResultLine[] | null;
  /** Takes focus when the results are shown. */
  resultsRef: RefObject<HTMLDivElement | null>;
  working: boolean;
  /** Runs an action on the listings (relist, or a confirmed close) and shows what it came to. */
  act: (action: ListingAction, targets: readonly SellerListing[]) => Promise<void>;
  /** The listing waiting for its deletion to be confirmed. */
  confirmDelete: SellerListing | null;
  setConfirmDelete: (listing: SellerListing | null) => void;
  deleteConfirmed: () => Promise<void>;
  /** Closing takes listings off sale, so it is confirmed as deleting is (one listing or the selection). */
  confirmClose: readonly SellerListing[] | null;
  setConfirmClose: (listings: readonly SellerListing[] | null) => void;
  closeConfirmed: () => void;
}

/** Close, relist and delete on My listings; `onDone` clears the selection after a bulk action. */
export function useListingActions(onDone: () => void): ListingActions {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<ResultLine[] | null>(null);
  const [working, setWorking] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<SellerListing | null>(null);
  const [confirmClose, setConfirmClose] = useState<readonly SellerListing[] | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  async function act(action: ListingAction, targets: readonly SellerListing[]) {
    setWorking(true);
    setResults(null);
    const outcomes = await runBulkListingAction(
      api,
      action,
      targets.map((listing) => listing.id),
    );
    const titles = new Map(targets.map((listing) => [listing.id, listing.title]));
    setResults(outcomes.map((outcome) => ({ ...outcome, action, title: titles.get(outcome.id) ?? '' })));
    onDone();
    setWorking(false);
    await queryClient.invalidateQueries({ queryKey: SELLER_LISTINGS_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: ['dashboard', 'summary'] });
    requestAnimationFrame(() => resultsRef.current?.focus());
  }

  async function deleteConfirmed() {
    const listing = confirmDelete;
    setConfirmDelete(null);
    if (!listing) return;
    setWorking(true);
    const outcome = await runListingAction(api, 'delete', listing.id);
    setResults([{ ...outcome, action: 'delete', title: listing.title }]);
    setWorking(false);
    await queryClient.invalidateQueries({ queryKey: SELLER_LISTINGS_QUERY_KEY });
    requestAnimationFrame(() => resultsRef.current?.focus());
  }

  function closeConfirmed() {
    const targets = confirmClose;
    setConfirmClose(null);
    if (targets && targets.length > 0) void act('close', targets);
  }

  return {
    results,
    resultsRef,
    working,
    act,
    confirmDelete,
    setConfirmDelete,
    deleteConfirmed,
    confirmClose,
    setConfirmClose,
    closeConfirmed,
  };
}

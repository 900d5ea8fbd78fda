import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PriceHintRequest } from '../../../../shared/contract/identification.ts';
import { familyById } from '../../../../shared/domain/category.ts';
import { LISTING_DETAIL_MAX } from '../../../../shared/domain/listing.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useCurrentUser } from '../../../lib/session/session.ts';

/** The hint is asked for once the seller has stopped typing this long. */
export const PRICE_HINT_DEBOUNCE_MS = 500;
const TITLE_MAX = 200;

export interface PriceHintFields {
  title?: string | undefined;
  manufacturer?: string | undefined;
  model?: string | undefined;
  caliber?: string | undefined;
  familyId?: number | undefined;
}

const clip = (value: string | undefined, max: number) => {
  const text = value?.trim();
  return text ? text.slice(0, max) : undefined;
};

/** What the form has written, as the hint's request; null until a category and some words are there. */
export function priceHintRequest(fields: PriceHintFields): PriceHintRequest | null {
  const family = familyById(fields.familyId);
  if (!family) return null;
  const request = {
    title: clip(fields.title, TITLE_MAX) ?? '',
    manufacturer: clip(fields.manufacturer, LISTING_DETAIL_MAX),
    model: clip(fields.model, LISTING_DETAIL_MAX),
    caliber: clip(fields.caliber, LISTING_DETAIL_MAX),
    familyId: family.id,
  };
  return request.title || request.manufacturer || request.model ? request : null;
}

/**
 * POST /firearms/price-hint for what the listing form says, half a second after it last changed:
 * the identity the item reads as and its recent sales. The last answer stays while the next loads.
 */
export function usePriceHint(fields: PriceHintFields) {
  const api = useApiClient();
  const user = useCurrentUser();
  const request = priceHintRequest(fields);
  const key = request === null ? null : JSON.stringify(request);
  // Asked only once the form has rested: a new form fills its title in its first moments.
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), PRICE_HINT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return useQuery({
    queryKey: ['firearms', 'price-hint', settled],
    enabled: user !== null && settled !== null,
    queryFn: ({ signal }) =>
      api.call('firearmsPriceHint', { body: JSON.parse(settled ?? '{}') as PriceHintRequest }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

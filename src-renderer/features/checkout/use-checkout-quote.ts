import { useMemo, useState } from 'react';
import type { FflSearchResult } from '../../../shared/contract/ffl.ts';
import {
  type SellerShipping,
  type ShippingAddress,
  shippingAddressSchema,
} from '../../../shared/contract/orders.ts';
import { useCartQuote } from '../../lib/cart/cart-quote.ts';
import { useCart } from '../../lib/cart/cart-store.ts';
import { type CheckoutFormValues, cleanAddress } from './checkout-values.ts';

/** Each seller's shipping choice: the dealer picked for firearms, or the buyer's address. */
export type ChosenDealers = Record<string, FflSearchResult>;

/**
 * The cart's quote: first without shipping (which sellers need a dealer), then again with each
 * seller's destination as soon as one is known (a dealer picked, a complete address typed).
 */
export function useCheckoutQuote() {
  const cart = useCart();
  const [dealers, setDealers] = useState<ChosenDealers>({});
  const [committedAddress, setCommittedAddress] = useState<ShippingAddress | null>(null);

  const quoteShipping = useMemo<SellerShipping[]>(() => [], []);
  const firstQuote = useCartQuote(cart, quoteShipping);
  const groups = firstQuote.data?.groups ?? [];
  const shipping = useMemo<SellerShipping[]>(
    () =>
      groups.flatMap((group): SellerShipping[] => {
        const dealer = dealers[group.sellerId];
        if (group.requiresDealer)
          return dealer
            ? [{ sellerId: group.sellerId, destination: { kind: 'dealer', dealerId: dealer.id } }]
            : [];
        return committedAddress
          ? [{ sellerId: group.sellerId, destination: { kind: 'address', address: committedAddress } }]
          : [];
      }),
    [groups, dealers, committedAddress],
  );
  const shippingQuote = useCartQuote(cart, shipping);
  const quote = shippingQuote.data ?? firstQuote.data;

  /** Quotes shipping to the address once it is complete (and again whenever it changes). */
  const commitAddress = (address: CheckoutFormValues['address']) => {
    const parsed = shippingAddressSchema.safeParse(cleanAddress(address));
    const next = parsed.success ? parsed.data : null;
    if (JSON.stringify(next) !== JSON.stringify(committedAddress)) setCommittedAddress(next);
  };

  return {
    /** The quote without shipping: pending until the cart is first checked, refetched to try again. */
    firstQuote,
    quote,
    needsAddress: groups.some((group) => !group.requiresDealer),
    minimumAge: Math.max(18, quote?.minimumAge ?? 18) as 18 | 21,
    dealers,
    chooseDealer: (sellerId: string, dealer: FflSearchResult) =>
      setDealers((current) => ({ ...current, [sellerId]: dealer })),
    commitAddress,
  };
}

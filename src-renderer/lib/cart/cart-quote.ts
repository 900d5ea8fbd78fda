import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Cart } from '../../../shared/contract/cart.ts';
import type { CheckoutItem, QuoteResponse, SellerShipping } from '../../../shared/contract/orders.ts';
import { useApiClient } from '../api-client-context.tsx';
import { useCurrentUser } from '../session/session.ts';

/** The cart lines as checkout items: listing, quantity, the price the buyer saw, and the accepted offer. */
export function checkoutItems(cart: Cart): CheckoutItem[] {
  return Object.values(cart).map((item) => ({
    listingId: item.id,
    quantity: item.quantity,
    price: item.price,
    ...(item.offerId ? { offerId: item.offerId } : {}),
  }));
}

export const CART_QUOTE_ROOT = 'cartQuote';

/**
 * POST /orders/quote for the cart and the shipping choices made so far (signed in only): what
 * each seller's group costs and which items are blocked, with the reason.
 */
export function useCartQuote(cart: Cart, shipping: readonly SellerShipping[] = []) {
  const api = useApiClient();
  const user = useCurrentUser();
  const items = checkoutItems(cart);
  return useQuery<QuoteResponse>({
    queryKey: [CART_QUOTE_ROOT, user?.id ?? null, items, shipping],
    enabled: user !== null && items.length > 0,
    placeholderData: keepPreviousData,
    queryFn: () => api.call('ordersQuote', { body: { items, shipping: [...shipping] } }),
  });
}

import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ListingDetail } from '../../../shared/contract/listing-shapes.ts';
import { cardThumbnail } from '../../../shared/domain/listing-card.ts';
import { paths } from '../../../shared/routes/paths.ts';
import type { NewCartItem } from './cart-store.ts';

/** A listing as a cart line: one at its price (for an auction, the final price its winner pays). */
export function cartItemOf(listing: ListingDetail): NewCartItem {
  return {
    id: listing.id,
    price: listing.displayPrice,
    title: listing.title,
    imageUrl: cardThumbnail(listing),
    category: listing.family,
    sellerStockNumber: listing.sellerStockNumber,
    upc: listing.upc,
    sku: listing.sku,
    productUrl: listing.listingUrl,
  };
}

/**
 * Buy now: one more in the cart, remember where the shopper was, go to the cart. The cart
 * store (and the schema that checks what storage holds) loads on the first press, not with the grid.
 */
export function useBuyNow(): (item: NewCartItem) => void {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (item: NewCartItem) => {
      const shoppingUrl = `${location.pathname}${location.search}`;
      void import('./cart-store.ts').then(({ addToCart, rememberShoppingUrl }) => {
        addToCart(store, item);
        rememberShoppingUrl(shoppingUrl);
        navigate(paths.cartView());
      });
    },
    [store, navigate, location.pathname, location.search],
  );
}

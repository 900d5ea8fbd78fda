import { lazy } from 'react';

/**
 * The product card, loaded when first rendered: for cards shown outside a page of them (the
 * favorites sheet), so pages without cards do not load them until the sheet opens.
 */
export const LazyProductCard = lazy(() =>
  import('./product-card.tsx').then((m) => ({ default: m.ProductCard })),
);

import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { FEATURED_GRID_CRITICAL_IMAGES } from '../../../shared/domain/constants.ts';
import {
  type GridLayout,
  ListingGrid,
  ListingGridSkeleton,
} from '../../components/listing-grid/listing-grid.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

export interface ProductGridProps {
  listings: readonly ListingCard[];
  /** How many leading cards load their image at once, with high priority. */
  critical?: number;
  /** Featured grids hide cards after the 10th on small screens. */
  featured?: boolean;
  label?: string;
  /** `row`: one row of cards for a carousel. */
  layout?: GridLayout;
}

/** Product cards in the listing grid. */
export function ProductGrid(props: ProductGridProps) {
  return (
    <ListingGrid
      {...props}
      renderCard={(listing, critical) => <ProductCard listing={listing} critical={critical} />}
    />
  );
}

/** The featured grid: the first 4 images critical, cards after the 10th hidden on small screens. */
export function FeaturedGrid({ listings, label }: { listings: readonly ListingCard[]; label?: string }) {
  return <ProductGrid listings={listings} critical={FEATURED_GRID_CRITICAL_IMAGES} featured label={label} />;
}

/** Skeleton product cards laid out like the grid they stand for. */
export function ProductGridSkeleton({
  count,
  label,
  layout,
}: {
  count?: number;
  label?: string;
  layout?: GridLayout;
}) {
  return (
    <ListingGridSkeleton count={count} label={label} layout={layout}>
      <ProductCardSkeleton />
    </ListingGridSkeleton>
  );
}

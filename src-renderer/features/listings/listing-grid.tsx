import type { ListingCard } from '../../../shared/contract/listings.ts';
import {
  FEATURED_GRID_CRITICAL_IMAGES,
  FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS,
} from '../../../shared/domain/constants.ts';
import { LoadingRegion } from '../../ui/skeleton.tsx';
import styles from './listing-grid.module.css';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

export interface ListingGridProps {
  listings: readonly ListingCard[];
  /** How many leading cards load their image at once, with high priority. */
  critical?: number;
  /** Featured grids hide cards after the 10th on small screens (spec §9). */
  featured?: boolean;
  label?: string;
}

/** Product cards in a responsive grid. */
export function ListingGrid({ listings, critical = 0, featured = false, label }: ListingGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {listings.map((listing, index) => (
        <li
          key={listing.id}
          data-small-hidden={(featured && index >= FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS) || undefined}
        >
          <ProductCard listing={listing} critical={index < critical} />
        </li>
      ))}
    </ul>
  );
}

/** The featured grid: the first 4 images critical, cards after the 10th hidden on small screens. */
export function FeaturedGrid({ listings, label }: { listings: readonly ListingCard[]; label?: string }) {
  return <ListingGrid listings={listings} critical={FEATURED_GRID_CRITICAL_IMAGES} featured label={label} />;
}

/** Skeleton cards laid out like the grid they stand for. */
export function ListingGridSkeleton({
  count = 8,
  label = 'Loading listings',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <LoadingRegion label={label}>
      <div className={styles.grid}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </LoadingRegion>
  );
}

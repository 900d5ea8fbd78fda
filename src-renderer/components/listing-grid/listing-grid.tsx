import { Fragment, type ReactNode } from 'react';
import { FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS } from '../../../shared/domain/constants.ts';
import { LoadingRegion } from '../../ui/skeleton.tsx';
import styles from './listing-grid.module.css';

export interface ListingGridProps<T extends { id: string }> {
  listings: readonly T[];
  /** One listing's card; `critical` when its image should load at once, with high priority. */
  renderCard: (listing: T, critical: boolean) => ReactNode;
  /** How many leading cards load their image at once. */
  critical?: number;
  /** Featured grids hide cards after the 10th on small screens (spec §9). */
  featured?: boolean;
  label?: string;
}

/** Listing cards in a responsive grid; the page gives the card. */
export function ListingGrid<T extends { id: string }>({
  listings,
  renderCard,
  critical = 0,
  featured = false,
  label,
}: ListingGridProps<T>) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {listings.map((listing, index) => (
        <li
          key={listing.id}
          data-small-hidden={(featured && index >= FEATURED_GRID_SMALL_SCREEN_VISIBLE_CARDS) || undefined}
        >
          {renderCard(listing, index < critical)}
        </li>
      ))}
    </ul>
  );
}

/** `count` copies of a skeleton card (the children) laid out like the grid they stand for. */
export function ListingGridSkeleton({
  count = 8,
  label = 'Loading listings',
  children,
}: {
  count?: number;
  label?: string;
  children: ReactNode;
}) {
  return (
    <LoadingRegion label={label}>
      <div className={styles.grid}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Fragment key={index}>{children}</Fragment>
        ))}
      </div>
    </LoadingRegion>
  );
}

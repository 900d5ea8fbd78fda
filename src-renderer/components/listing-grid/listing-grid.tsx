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
  /** Featured grids hide cards after the 10th on small screens. */
  featured?: boolean;
  label?: string;
  /** `row`: one row of cards, wider than the page, for a carousel to scroll. */
  layout?: GridLayout;
}

export type GridLayout = 'grid' | 'row';

const layoutClass = (layout: GridLayout) => (layout === 'row' ? styles.row : styles.grid);

/** Listing cards in a responsive grid; the page gives the card. */
export function ListingGrid<T extends { id: string }>({
  listings,
  renderCard,
  critical = 0,
  featured = false,
  label,
  layout = 'grid',
}: ListingGridProps<T>) {
  return (
    <ul className={layoutClass(layout)} aria-label={label}>
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
  layout = 'grid',
  children,
}: {
  count?: number;
  label?: string;
  layout?: GridLayout;
  children: ReactNode;
}) {
  return (
    <LoadingRegion label={label}>
      <div className={layoutClass(layout)}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Fragment key={index}>{children}</Fragment>
        ))}
      </div>
    </LoadingRegion>
  );
}

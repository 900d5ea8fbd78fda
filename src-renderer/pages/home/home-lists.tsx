import { Link } from 'react-router';
import {
  type HomeList,
  ProductGrid,
  ProductGridSkeleton,
  useHomeList,
} from '../../features/listings/index.ts';
import { Carousel } from '../../ui/carousel.tsx';
import styles from './home.module.css';

interface HomeListSectionProps {
  list: HomeList;
  heading: string;
  viewAll: string;
  viewAllLabel: string;
  /** Only the first list's leading images are above the fold. */
  critical: number;
}

/** One of the home page's three lists: a carousel of featured cards. */
export function HomeListSection({ list, heading, viewAll, viewAllLabel, critical }: HomeListSectionProps) {
  const listings = useHomeList(list);
  const headingId = `home-${list}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.listHeader}>
        <h2 id={headingId} className={styles.sectionHeading}>
          {heading}
        </h2>
        <Link to={viewAll} className={styles.viewAll}>
          {viewAllLabel}
        </Link>
      </div>
      {listings.data && listings.data.length > 0 ? (
        <Carousel label={heading}>
          <ProductGrid listings={listings.data} critical={critical} featured label={heading} layout="row" />
        </Carousel>
      ) : listings.data || listings.isError ? (
        <p className={styles.listEmpty}>
          {listings.isError
            ? 'These listings could not be loaded right now. '
            : 'Nothing to show here right now. '}
          <Link to={viewAll}>See all listings</Link>.
        </p>
      ) : (
        // The skeleton stands in the carousel's place, controls included, so nothing moves when it loads.
        <Carousel label={heading}>
          <ProductGridSkeleton count={4} label={`Loading ${heading}`} layout="row" />
        </Carousel>
      )}
    </section>
  );
}

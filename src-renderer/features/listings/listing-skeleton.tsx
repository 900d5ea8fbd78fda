import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './listing-view.module.css';

/** The listing page's layout in placeholders while the listing loads. */
export function ListingSkeleton() {
  return (
    <div className={styles.page}>
      <LoadingRegion label="Loading listing">
        <div className={styles.top}>
          <Skeleton height="auto" className={styles.skeletonImage} />
          <div className={styles.summary}>
            <Skeleton height="2.5rem" />
            <Skeleton width="40%" height="1.5rem" />
            <Skeleton width="30%" height="2.5rem" />
            <Skeleton width="60%" height="3rem" />
            <Skeleton height="8rem" />
          </div>
        </div>
      </LoadingRegion>
    </div>
  );
}

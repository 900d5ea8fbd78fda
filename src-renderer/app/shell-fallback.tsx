import { LoadingRegion, Skeleton } from '../ui/skeleton.tsx';
import styles from './layout/app-layout.module.css';

/** Shown while the first page's code loads: the shell's shape, so nothing jumps when it arrives. */
export function ShellFallback() {
  return (
    <LoadingRegion label="Loading Ironsight" className={styles.fallback}>
      <div className={styles.fallbackBar} />
      <div className={styles.fallbackBody}>
        <Skeleton width="min(100%, 24rem)" height="2.25rem" />
        <Skeleton width="min(100%, 36rem)" height="1.25rem" />
        <Skeleton width="min(100%, 30rem)" height="1.25rem" />
      </div>
    </LoadingRegion>
  );
}

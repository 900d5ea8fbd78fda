import { PRODUCT_FOCUS_ZONES } from '../../../shared/domain/ads.ts';
import { AdZone } from './ad-zone.tsx';
import styles from './ads.module.css';

/** 'Product Focus' (spec §2): three featured-deal zones, each with its mobile variant. */
export function ProductFocus({ page }: { page: string }) {
  return (
    <section className={styles.focus} aria-labelledby={`product-focus-${page}`}>
      <h2 id={`product-focus-${page}`} className={styles.focusHeading}>
        Product Focus
      </h2>
      <div className={styles.focusZones}>
        {PRODUCT_FOCUS_ZONES.map(({ zone, mobile }) => (
          <div key={zone} className={styles.focusSlot}>
            <AdZone page={page} zone={zone} />
            <AdZone page={page} zone={mobile} />
          </div>
        ))}
      </div>
    </section>
  );
}

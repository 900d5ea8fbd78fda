import { PRODUCT_FOCUS_ZONES } from '../../../shared/domain/ads.ts';
import { AdZone } from './ad-zone.tsx';
import styles from './ads.module.css';

/**
 * 'Product Focus': three featured-deal zones, each with its mobile variant. `nearTop`: the
 * block starts on the first screen, so its first zone's image is loaded at once and early.
 */
export function ProductFocus({ page, nearTop = false }: { page: string; nearTop?: boolean }) {
  return (
    <section className={styles.focus} aria-labelledby={`product-focus-${page}`}>
      <h2 id={`product-focus-${page}`} className={styles.focusHeading}>
        Product Focus
      </h2>
      <div className={styles.focusZones}>
        {PRODUCT_FOCUS_ZONES.map(({ zone, mobile }, index) => (
          <div key={zone} className={styles.focusSlot}>
            <AdZone page={page} zone={zone} firstScreen={nearTop && index === 0} />
            <AdZone page={page} zone={mobile} firstScreen={nearTop && index === 0} />
          </div>
        ))}
      </div>
    </section>
  );
}

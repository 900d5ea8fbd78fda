import { HOME_HERO_ZONES } from '../../../shared/domain/ads.ts';
import { AdZone } from '../../features/ads/index.ts';
import styles from './home.module.css';

/** The hero's ad zones (on the first screen; hydrated once the browser is idle): one for wide screens, one for phones. */
export function HomeHeroAds() {
  return (
    <div className={styles.heroAds}>
      <AdZone page="home" zone={HOME_HERO_ZONES.desktop} />
      <AdZone page="home" zone={HOME_HERO_ZONES.mobile} />
    </div>
  );
}

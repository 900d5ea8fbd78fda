import { HOME_HERO_ZONES } from '../../../shared/domain/ads.ts';
import { roundedFigure } from '../../../shared/domain/company.ts';
import { HOME_FAQ } from '../../../shared/domain/faq.ts';
import { AdZone } from '../../features/ads/ad-zone.tsx';
import { ProductFocus } from '../../features/ads/product-focus.tsx';
import { useSiteStats } from '../../features/content/api/use-site-stats.ts';
import { BrandDigest } from '../../features/content/brand-digest.tsx';
import { NewsletterForm } from '../../features/content/newsletter-form.tsx';
import styles from './home.module.css';

/** The social-proof tiles (spec §1), from the database and the founding year; placeholders while loading. */
function SocialProof() {
  const stats = useSiteStats().data;
  const tiles = [
    {
      figure: stats ? `${stats.yearsInBusiness} years` : '…',
      label: stats ? `in business since ${stats.foundedYear}` : 'in business',
    },
    { figure: stats ? roundedFigure(stats.users) : '…', label: 'users' },
    { figure: stats ? roundedFigure(stats.articles) : '…', label: 'articles, news and reviews' },
  ];
  return (
    <ul className={styles.proof}>
      {tiles.map((tile) => (
        <li key={tile.label} className={styles.proofTile}>
          <span className={styles.proofFigure}>{tile.figure}</span>
          <span className={styles.proofLabel}>{tile.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The brand whose news the home page's digest shows. */
const HOME_DIGEST_BRAND = { name: 'Glock', keyword: 'glock' } as const;

/**
 * The home page's blocks from data beyond the catalogue: the hero's ad zones (`heroAds`), the social-proof tiles (`proof`), deals and news
 * (`deals`), then the newsletter and FAQ (`signup`).
 */
export function HomeBelowFold({ part }: { part: 'heroAds' | 'proof' | 'deals' | 'signup' }) {
  if (part === 'proof') return <SocialProof />;
  if (part === 'heroAds') {
    return (
      <div className={styles.heroAds}>
        <AdZone page="home" zone={HOME_HERO_ZONES.desktop} />
        <AdZone page="home" zone={HOME_HERO_ZONES.mobile} />
      </div>
    );
  }
  if (part === 'deals') {
    return (
      <>
        <div className={styles.section}>
          <ProductFocus page="home" />
        </div>
        <div className={styles.section}>
          <BrandDigest brand={HOME_DIGEST_BRAND.name} keyword={HOME_DIGEST_BRAND.keyword} />
        </div>
      </>
    );
  }
  return (
    <>
      <div className={styles.section}>
        <NewsletterForm />
      </div>
      <section className={`${styles.section} ${styles.faq}`} aria-labelledby="home-faq-heading">
        <h2 id="home-faq-heading" className={styles.sectionHeading}>
          Frequently Asked Questions
        </h2>
        {HOME_FAQ.map((entry) => (
          <details key={entry.question} className={styles.faqEntry}>
            <summary>{entry.question}</summary>
            <p>{entry.answer}</p>
          </details>
        ))}
      </section>
    </>
  );
}

import { roundedFigure } from '../../../shared/domain/company.ts';
import { HOME_FAQ } from '../../../shared/domain/faq.ts';
import { ProductFocus } from '../../features/ads/index.ts';
import { BrandDigest, NewsletterForm, useSiteStats } from '../../features/content/index.ts';
import { BrandFocus, useBrand } from '../../features/listings/index.ts';
import styles from './home.module.css';

/** The social-proof tiles, from the database and the founding year; placeholders while loading. */
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

function HomeFaq() {
  return (
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
  );
}

/** The brand whose news the home page's digest shows. */
const HOME_DIGEST_BRAND = { name: 'Glock', keyword: 'glock' } as const;

const BRAND_FOCUS_SLUGS = ['best-selling-guns', 'ar15', 'used-guns'] as const;

function HomeBrandFocus({ slug }: { slug: string }) {
  const brand = useBrand(slug);
  return brand.data ? <BrandFocus brand={brand.data} /> : null;
}

/**
 * The home page's blocks further down, which hydrate as they come into view and whose code loads
 * then (see the home page): the brand-focus blocks (`brands`), the social-proof tiles (`proof`),
 * the deals and news (`deals`), the newsletter sign-up (`signup`), and the questions and answers (`faq`, open and shut without the app).
 */
export function HomeFurtherDown({ part }: { part: 'brands' | 'proof' | 'deals' | 'signup' | 'faq' }) {
  if (part === 'proof') return <SocialProof />;
  if (part === 'signup')
    return (
      <div className={styles.section}>
        <NewsletterForm />
      </div>
    );
  if (part === 'faq') return <HomeFaq />;
  if (part === 'brands') {
    return (
      <div className={styles.focusBlocks}>
        {BRAND_FOCUS_SLUGS.map((slug) => (
          <HomeBrandFocus key={slug} slug={slug} />
        ))}
      </div>
    );
  }
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

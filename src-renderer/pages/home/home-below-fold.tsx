import { HOME_HERO_ZONES } from '../../../shared/domain/ads.ts';
import { HOME_FAQ } from '../../../shared/domain/faq.ts';
import { AdZone } from '../../features/ads/ad-zone.tsx';
import { NewsletterForm } from '../../features/content/newsletter-form.tsx';
import styles from './home.module.css';

/**
 * The home page's blocks from data beyond the catalogue that hydrate with the page: the hero's ad
 * zones (`heroAds`, on the first screen), and the newsletter form with the FAQ (`signup`: a form, so
 * nothing typed before the app runs is lost). The others are in home-further-down.tsx.
 */
export function HomeBelowFold({ part }: { part: 'heroAds' | 'signup' }) {
  if (part === 'heroAds') {
    return (
      <div className={styles.heroAds}>
        <AdZone page="home" zone={HOME_HERO_ZONES.desktop} />
        <AdZone page="home" zone={HOME_HERO_ZONES.mobile} />
      </div>
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

import { Link } from 'react-router';
import { HOME_PAGE_HEADING } from '../../../shared/domain/metadata.ts';
import { CITY_SLUG_LIST, CITY_SLUGS, HOME_LINKS, paths } from '../../../shared/routes/paths.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { ExternalLinkButton, LinkButton } from '../../ui/button.tsx';
import styles from './home.module.css';

const SOCIAL_PROOF = [
  { figure: '27 years', label: 'in business since 1997' },
  { figure: '3,000,000+', label: 'users' },
  { figure: '12,000+', label: 'articles, news and reviews' },
] as const;

export function HomePage() {
  useDocumentHead({ title: HOME_PAGE_HEADING });
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-hero-heading">
        <div className={styles.heroInner}>
          <h1 id="home-hero-heading" className={styles.heroHeading}>
            Buy Guns. Sell Guns. Learn about Guns.
          </h1>
          <p className={styles.heroLead}>
            Private sellers, retailers and buyers meet in one marketplace with tens of thousands of listings.
          </p>
          <div className={styles.heroActions}>
            <LinkButton to={HOME_LINKS.buyGunsOnline} size="lg">
              Buy guns online
            </LinkButton>
            <LinkButton to={HOME_LINKS.searchLocalGuns} size="lg" variant="secondary">
              Search local guns
            </LinkButton>
            <ExternalLinkButton href={HOME_LINKS.learnAboutGuns} size="lg" variant="secondary">
              Learn about guns
            </ExternalLinkButton>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-proof-heading">
        <h2 id="home-proof-heading" className="visually-hidden">
          Ironsight in numbers
        </h2>
        <ul className={styles.proof}>
          {SOCIAL_PROOF.map((tile) => (
            <li key={tile.label} className={styles.proofTile}>
              <span className={styles.proofFigure}>{tile.figure}</span>
              <span className={styles.proofLabel}>{tile.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="home-cities-heading">
        <h2 id="home-cities-heading" className={styles.sectionHeading}>
          Find Guns Near You
        </h2>
        <ul className={styles.cities}>
          {CITY_SLUG_LIST.map((slug) => (
            <li key={slug}>
              <Link to={paths.city(slug)}>
                {CITY_SLUGS[slug].name}, {CITY_SLUGS[slug].state}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

import { Link } from 'react-router';
import { faqJsonLd } from '../../../shared/content-page-meta.ts';
import { FEATURED_GRID_CRITICAL_IMAGES } from '../../../shared/domain/constants.ts';
import { HOME_FAQ } from '../../../shared/domain/faq.ts';
import { HOME_PAGE_HEADING } from '../../../shared/domain/metadata.ts';
import { homePageMeta } from '../../../shared/page-meta-builders.ts';
import { CITY_SLUG_LIST, CITY_SLUGS, HOME_LINKS, paths } from '../../../shared/routes/paths.ts';
import { type HomeList, useHomeList } from '../../features/listings/api/use-home-list.ts';
import { ProductGrid, ProductGridSkeleton } from '../../features/listings/product-grid.tsx';
import { headFromPageMeta, useDocumentHead } from '../../lib/document-head.ts';
import { HydrateWhenSeen } from '../../lib/hydrate-when-seen.tsx';
import { lazyPart } from '../../lib/lazy-part.ts';
import { pageOrigin } from '../../lib/page-origin.ts';
import { LinkButton } from '../../ui/button.tsx';
import { Carousel } from '../../ui/carousel.tsx';
import styles from './home.module.css';
import { HomeBelowFold } from './home-below-fold.tsx';

interface HomeListSectionProps {
  list: HomeList;
  heading: string;
  viewAll: string;
  viewAllLabel: string;
  /** Only the first list's leading images are above the fold. */
  critical: number;
}

/** One of the home page's three lists: a carousel of featured cards. */
function HomeListSection({ list, heading, viewAll, viewAllLabel, critical }: HomeListSectionProps) {
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

// The blocks further down hydrate as they come into view, and their code loads then.
const HomeFurtherDown = lazyPart(() => import('./home-further-down.tsx').then((m) => m.HomeFurtherDown));

const HOME_FAQ_JSON_LD = faqJsonLd(HOME_FAQ);

export function HomePage() {
  const meta = homePageMeta(pageOrigin());
  // The FAQ's structured data, as the server writes it on the first load (the head is rewritten here).
  useDocumentHead({
    ...headFromPageMeta({ ...meta, jsonLd: [...(meta.jsonLd ?? []), HOME_FAQ_JSON_LD] }),
    title: HOME_PAGE_HEADING,
  });
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
            <LinkButton to={HOME_LINKS.learnAboutGuns} size="lg" variant="secondary">
              Learn about guns
            </LinkButton>
          </div>
          <HomeBelowFold part="heroAds" />
        </div>
      </section>

      <HomeListSection
        list="featured"
        heading="Online Listings"
        viewAll={HOME_LINKS.onlineListingsViewAll}
        viewAllLabel="View all"
        critical={FEATURED_GRID_CRITICAL_IMAGES}
      />
      {/* Below the first screen: hydrated as it comes into view (see HydrateWhenSeen). */}
      <HydrateWhenSeen>
        <HomeListSection
          list="local"
          heading="Local Listings"
          viewAll={HOME_LINKS.localListings}
          viewAllLabel="View all local listings"
          critical={0}
        />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <HomeListSection
          list="newThisWeek"
          heading="New This Week"
          viewAll={HOME_LINKS.newThisWeek}
          viewAllLabel="View all new listings"
          critical={0}
        />
      </HydrateWhenSeen>

      <HydrateWhenSeen>
        <div className={styles.section}>
          <HomeFurtherDown.Component part="brands" />
        </div>
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <section className={styles.section} aria-labelledby="home-proof-heading">
          <h2 id="home-proof-heading" className="visually-hidden">
            Ironsight in numbers
          </h2>
          <HomeFurtherDown.Component part="proof" />
        </section>
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <HomeFurtherDown.Component part="deals" />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
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
      </HydrateWhenSeen>
      {/* A form: hydrated with the page, so nothing typed before the app runs is lost. */}
      <HomeBelowFold part="signup" />
    </>
  );
}

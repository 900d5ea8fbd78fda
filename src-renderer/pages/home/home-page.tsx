import { Link } from 'react-router';
import { FEATURED_GRID_CRITICAL_IMAGES } from '../../../shared/domain/constants.ts';
import { CITY_SLUG_LIST, CITY_SLUGS, HOME_LINKS, paths } from '../../../shared/routes/paths.ts';
import { HydrateWhenIdle, HydrateWhenSeen } from '../../lib/hydrate-when-seen.tsx';
import { lazyPart } from '../../lib/lazy-part.ts';
import { LinkButton } from '../../ui/button.tsx';
import styles from './home.module.css';

// The three lists hydrate later (the first once the browser is idle, the others as they come into
// view) and their code, the cards' included, loads then. Their links work before; a heart or a
// carousel button pressed first hydrates its list at once and is pressed again when it has.
const HomeListSection = lazyPart(() => import('./home-lists.tsx').then((m) => m.HomeListSection));

// The hero's ad zones hydrate once the browser is idle (their links work before), with their code.
const HomeHeroAds = lazyPart(() => import('./home-hero-ads.tsx').then((m) => m.HomeHeroAds));

// The blocks further down hydrate as they come into view, and their code loads then.
const HomeFurtherDown = lazyPart(() => import('./home-further-down.tsx').then((m) => m.HomeFurtherDown));

// The page's head: the server writes it on the first load; a later visit sets it once this has loaded.
const HomeHead = lazyPart(() => import('./home-head.tsx').then((m) => m.HomeHead));

export function HomePage() {
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
          <HydrateWhenIdle>
            <HomeHeroAds.Component />
          </HydrateWhenIdle>
        </div>
      </section>

      <HydrateWhenIdle>
        <HomeListSection.Component
          list="featured"
          heading="Online Listings"
          viewAll={HOME_LINKS.onlineListingsViewAll}
          viewAllLabel="View all"
          critical={FEATURED_GRID_CRITICAL_IMAGES}
        />
      </HydrateWhenIdle>
      {/* Below the first screen: hydrated as it comes into view (see HydrateWhenSeen). */}
      <HydrateWhenSeen>
        <HomeListSection.Component
          list="local"
          heading="Local Listings"
          viewAll={HOME_LINKS.localListings}
          viewAllLabel="View all local listings"
          critical={0}
        />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <HomeListSection.Component
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
      {/* The sign-up form takes up what was typed before it hydrated (focusing it hydrates it at once). */}
      <HydrateWhenSeen>
        <HomeFurtherDown.Component part="signup" />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <HomeFurtherDown.Component part="faq" />
      </HydrateWhenSeen>
      <HydrateWhenIdle>
        <HomeHead.Component />
      </HydrateWhenIdle>
    </>
  );
}

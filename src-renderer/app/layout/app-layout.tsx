import { Suspense } from 'react';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { HeaderAccount, useSellTarget } from '../../features/account-menu/index.ts';
import { UserAlertBannerPart } from '../../features/alerts/index.ts';
import { LoginModalHost } from '../../features/auth/index.ts';
import { CartHeaderButton, CartServerSync } from '../../features/cart/index.ts';
import { OutboxIndicator, UpdateBanner } from '../../features/desktop-sync/index.ts';
import { FavoritesSheetPart, FavoritesSyncSlot } from '../../features/favorites/index.ts';
import { LazyProductCard } from '../../features/listings/index.ts';
import { MessagesBackgroundSlot, UnreadMessagesLinkPart } from '../../features/messages/index.ts';
import { MegaMenuPart } from '../../features/navigation/index.ts';
import { HeaderSearchPart } from '../../features/search/index.ts';
import { HydrateWhenIdle, HydrateWhenSeen } from '../../lib/hydrate-when-seen.tsx';
import { lazyPart } from '../../lib/lazy-part.ts';
import { SessionSync } from '../../lib/session/session-sync.tsx';
import { PageOutlet } from '../page-outlet.tsx';
import styles from './app-layout.module.css';
import { Header } from './header.tsx';
import { LoginLink } from './header-defaults.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

// What a server-rendered page can do without for its first moments: the search bar (a form that
// submits without it), the menu's panels, the alert banner and the footer hydrate once the browser
// is idle or they are seen, and their code loads then. The features' parts (search bar, menu, alert
// banner, favorites sheet, unread-messages link) come as such parts from their faces.
const Footer = lazyPart(() => import('./footer.tsx').then((m) => m.Footer));
// Likewise what a visitor's first screen shows nothing of, or only a button of: the bar of an admin
// viewing the site as a user, the favorites button and its sheet, the unread-messages link (signed in
// only), the third-party script loader.
const ViewingAsBar = lazyPart(() => import('./viewing-as-bar.tsx').then((m) => m.ViewingAsBar));
const ThirdPartyScripts = lazyPart(() =>
  import('./third-party-scripts.tsx').then((m) => m.ThirdPartyScripts),
);

// The favorites sheet shows product cards; pages without cards do not load them until it opens.
const renderFavoriteCard = (listing: ListingCard) => <LazyProductCard listing={listing} />;

/**
 * The app shell: skip link, header, the page, footer. Features plug into the header slots here
 * (search bar, favorites sheet, cart badge, unread messages, account menu, mega menu); the shell
 * keeps the session current and hosts the login modal that any feature may ask for.
 *
 * Header, page and footer are each a Suspense boundary. Nothing in them suspends once loaded; the
 * boundaries let React hydrate a server-rendered page in short slices it can pause for input,
 * instead of one long task, and hydrate the part a visitor interacts with first. The search bar,
 * the menu's panels, the favorites button, the unread-messages link, the alert banner, the viewing-as bar and the third-party
 * script loader hydrate once the browser is idle (or at first use), the footer once it is seen; until then they are the server's HTML, links and a plain search form.
 */
export function AppLayout() {
  const sellTo = useSellTarget();
  return (
    <>
      <SessionSync />
      <CartServerSync />
      <FavoritesSyncSlot />
      <LoginModalHost />
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <HydrateWhenIdle>
        <ViewingAsBar.Component />
      </HydrateWhenIdle>
      <Suspense>
        <Header
          search={
            <HydrateWhenIdle>
              <HeaderSearchPart.Component />
            </HydrateWhenIdle>
          }
          favorites={
            <HydrateWhenIdle>
              <FavoritesSheetPart.Component renderCard={renderFavoriteCard} />
            </HydrateWhenIdle>
          }
          cart={<CartHeaderButton />}
          outbox={<OutboxIndicator />}
          messages={
            <HydrateWhenIdle>
              <UnreadMessagesLinkPart.Component />
            </HydrateWhenIdle>
          }
          account={<HeaderAccount signedOut={<LoginLink />} />}
          sellTo={sellTo}
          navigation={
            <HydrateWhenIdle>
              <MegaMenuPart.Component />
            </HydrateWhenIdle>
          }
        />
        <HydrateWhenIdle>
          <UserAlertBannerPart.Component />
        </HydrateWhenIdle>
        {/* The desktop client only: a downloaded, verified update waiting for a restart. */}
        <UpdateBanner />
        <MessagesBackgroundSlot />
      </Suspense>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Suspense>
          <PageOutlet />
        </Suspense>
      </main>
      <HydrateWhenSeen>
        <Footer.Component />
      </HydrateWhenSeen>
      <ScrollRestoration />
      <HydrateWhenIdle>
        <ThirdPartyScripts.Component />
      </HydrateWhenIdle>
    </>
  );
}

import { lazy, Suspense } from 'react';
import type { ListingCard } from '../../../shared/contract/listing-shapes.ts';
import { HeaderAccount, useSellTarget } from '../../features/account-menu/header-account.tsx';
import { LoginModalHost } from '../../features/auth/login-modal.tsx';
import { CartHeaderButton, CartServerSync } from '../../features/cart/cart-header.tsx';
import { FavoritesSyncSlot } from '../../features/favorites/favorites-sync-slot.tsx';
import { MessagesBackgroundSlot } from '../../features/messages/messages-background-slot.tsx';
import { HydrateWhenIdle, HydrateWhenSeen } from '../../lib/hydrate-when-seen.tsx';
import { lazyPart } from '../../lib/lazy-part.ts';
import { SessionSync } from '../../lib/session/session-sync.tsx';
import { PageOutlet } from '../page-outlet.tsx';
import styles from './app-layout.module.css';
import { Header } from './header.tsx';
import { LoginLink } from './header-defaults.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

// The favorites sheet shows product cards; pages without cards do not load them until it opens.
const ProductCard = lazy(() =>
  import('../../features/listings/product-card.tsx').then((m) => ({ default: m.ProductCard })),
);

// What a server-rendered page can do without for its first moments: the search bar (a form that
// submits without it), the menu's panels, the alert banner and the footer hydrate once the browser
// is idle or they are seen, and their code loads then.
const HeaderSearch = lazyPart(() =>
  import('../../features/search/header-search.tsx').then((m) => m.HeaderSearch),
);
const MegaMenu = lazyPart(() => import('../../features/navigation/mega-menu.tsx').then((m) => m.MegaMenu));
const UserAlertBanner = lazyPart(() =>
  import('../../features/alerts/user-alert-banner.tsx').then((m) => m.UserAlertBanner),
);
const Footer = lazyPart(() => import('./footer.tsx').then((m) => m.Footer));
// Likewise what a visitor's first screen shows nothing of, or only a button of: the bar of an admin
// viewing the site as a user, the favorites button and its sheet, the unread-messages link (signed in
// only), the third-party script loader.
const ViewingAsBar = lazyPart(() => import('./viewing-as-bar.tsx').then((m) => m.ViewingAsBar));
const FavoritesSheet = lazyPart(() =>
  import('../../features/favorites/favorites-sheet.tsx').then((m) => m.FavoritesSheet),
);
const UnreadMessagesLink = lazyPart(() =>
  import('../../features/messages/unread-messages-link.tsx').then((m) => m.UnreadMessagesLink),
);
const ThirdPartyScripts = lazyPart(() =>
  import('./third-party-scripts.tsx').then((m) => m.ThirdPartyScripts),
);

const renderFavoriteCard = (listing: ListingCard) => <ProductCard listing={listing} />;

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
              <HeaderSearch.Component />
            </HydrateWhenIdle>
          }
          favorites={
            <HydrateWhenIdle>
              <FavoritesSheet.Component renderCard={renderFavoriteCard} />
            </HydrateWhenIdle>
          }
          cart={<CartHeaderButton />}
          messages={
            <HydrateWhenIdle>
              <UnreadMessagesLink.Component />
            </HydrateWhenIdle>
          }
          account={<HeaderAccount signedOut={<LoginLink />} />}
          sellTo={sellTo}
          navigation={
            <HydrateWhenIdle>
              <MegaMenu.Component />
            </HydrateWhenIdle>
          }
        />
        <HydrateWhenIdle>
          <UserAlertBanner.Component />
        </HydrateWhenIdle>
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

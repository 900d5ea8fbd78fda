import { ScrollRestoration } from 'react-router';
import { PageOutlet } from '../page-outlet.tsx';
import styles from './app-layout.module.css';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { CartLink, FavoritesLink, LoginLink } from './header-defaults.tsx';
import { MainNav } from './main-nav.tsx';

/**
 * The app shell: skip link, header, the page, footer. Features plug into the header slots here
 * (search bar, favorites sheet, cart badge, unread messages, account menu, mega menu).
 */
export function AppLayout() {
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Header
        favorites={<FavoritesLink />}
        cart={<CartLink />}
        account={<LoginLink />}
        navigation={<MainNav />}
      />
      <main id="main" tabIndex={-1} className={styles.main}>
        <PageOutlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}

import { Menu, X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/domain/metadata.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { LinkButton } from '../../ui/button.tsx';
import { IconButton } from '../../ui/icon-button.tsx';
import styles from './header.module.css';

/**
 * What features put into the header. Each slot is rendered inside an element carrying
 * `data-slot="header-…"`; an empty slot renders nothing visible.
 */
export interface HeaderSlots {
  /** The search bar (For Sale / Articles). */
  search?: ReactNode;
  /** Unread-messages link, shown only when signed in with unread messages. */
  messages?: ReactNode;
  /** The desktop client's count of changes waiting to be sent (offline outbox); empty otherwise. */
  outbox?: ReactNode;
  /** Favorites button and its side sheet. */
  favorites?: ReactNode;
  /** Cart button with its count badge. */
  cart?: ReactNode;
  /** The account menu when signed in, the Login button when not. */
  account?: ReactNode;
  /** The main navigation (category links, later the mega menu). */
  navigation?: ReactNode;
  /** Where Sell leads: listing creation for sellers, the sell-guns page for everyone else. */
  sellTo?: string;
}

function LogoMark() {
  return (
    <svg className={styles.logoMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="11" fill="none" stroke="var(--color-brass-on-ink)" strokeWidth="3" />
      <circle cx="16" cy="16" r="3" fill="var(--color-brass-on-ink)" />
    </svg>
  );
}

export function Header({
  search,
  messages,
  outbox,
  favorites,
  cart,
  account,
  navigation,
  sellTo,
}: HeaderSlots) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A followed link closes the small-screen menu.
  const [menuLocationKey, setMenuLocationKey] = useState(location.key);
  if (menuLocationKey !== location.key) {
    setMenuLocationKey(location.key);
    setMenuOpen(false);
  }

  return (
    <header className={styles.header} data-surface="ink">
      <div className={styles.bar}>
        <IconButton
          ref={toggleRef}
          className={styles.menuToggle}
          label={menuOpen ? 'Close menu' : 'Open menu'}
          icon={menuOpen ? <X size={22} /> : <Menu size={22} />}
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        />
        <Link to={paths.home()} className={styles.logo} aria-label={`${PRODUCT_NAME} home`}>
          <LogoMark />
          <span className={styles.logoText}>{PRODUCT_NAME}</span>
        </Link>
        <div className={styles.search} data-slot="header-search">
          {search}
        </div>
        <div className={styles.actions}>
          <LinkButton to={sellTo ?? paths.sellGuns()} size="sm">
            Sell
          </LinkButton>
          <div data-slot="header-outbox">{outbox}</div>
          <div data-slot="header-messages">{messages}</div>
          <div data-slot="header-favorites">{favorites}</div>
          <div data-slot="header-cart">{cart}</div>
          <div data-slot="header-account">{account}</div>
        </div>
      </div>
      <nav
        id={navId}
        className={styles.nav}
        aria-label="Main"
        data-open={menuOpen}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            toggleRef.current?.focus();
          }
        }}
      >
        {navigation}
      </nav>
    </header>
  );
}

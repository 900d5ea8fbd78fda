import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { ACCOUNT_LINK_GROUPS, type AccountLink, listItemTarget } from '../../features/account-menu/index.ts';
import { RequireAuth } from '../../features/auth/index.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { LinkButton } from '../../ui/button.tsx';
import styles from './dashboard-frame.module.css';

/** The dashboard's left navigation, in the spec's groups, then the account. */
export const DASHBOARD_NAV: readonly { heading: string; links: readonly AccountLink[] }[] = [
  ...ACCOUNT_LINK_GROUPS,
  { heading: 'Account', links: [{ label: 'Account Settings', to: paths.accountSettings() }] },
];

export interface DashboardFrameProps {
  heading: string;
  /** Document title; defaults to the heading. */
  title?: string;
  intro: string;
  /** A seller's screen: anyone else is told what it is for and offered a membership instead. */
  sellersOnly?: boolean;
  children?: ReactNode;
}

/** The navigation for this user: a non-seller's Selling links lead to /membership. */
function dashboardNav(isSeller: boolean): typeof DASHBOARD_NAV {
  if (isSeller) return DASHBOARD_NAV;
  return DASHBOARD_NAV.map((group) =>
    group.heading === 'Selling'
      ? { ...group, links: group.links.map((link) => ({ ...link, to: listItemTarget(false) })) }
      : group,
  );
}

/**
 * A dashboard screen (signed-in only): the left navigation beside the screen's heading and content.
 * On small screens the navigation folds into one menu button above the heading, so the screen
 * itself comes first.
 */
export function DashboardFrame({
  heading,
  title,
  intro,
  sellersOnly = false,
  children,
}: DashboardFrameProps) {
  useDocumentHead({ title: title ?? heading });
  const user = useCurrentUser();
  const isSeller = user?.isSeller ?? false;
  const nav = dashboardNav(isSeller);
  return (
    <RequireAuth>
      <div className={styles.layout}>
        <DashboardNav nav={nav} />
        <div>
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.intro}>{intro}</p>
          {sellersOnly && !isSeller ? <BecomeASeller /> : children}
        </div>
      </div>
    </RequireAuth>
  );
}

/** The link of this page, as "Selling: Orders", for the folded menu's button. */
function currentLinkLabel(nav: typeof DASHBOARD_NAV, pathname: string): string | null {
  for (const group of nav) {
    const link = group.links.find((entry) => entry.to === pathname);
    if (link) return `${group.heading}: ${link.label}`;
  }
  return null;
}

function DashboardNav({ nav }: { nav: typeof DASHBOARD_NAV }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = currentLinkLabel(nav, pathname);
  return (
    <nav className={styles.nav} aria-label="Dashboard" data-open={open}>
      {/* Shown on small screens only; large screens always show the links. */}
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.menuLabel}>Dashboard menu</span>
        {current ? <span className={styles.menuCurrent}>{current}</span> : null}
        <ChevronDown className={styles.menuChevron} size={18} aria-hidden="true" />
      </button>
      <div id={listId} className={styles.groups}>
        {nav.map((group) => (
          <div key={group.heading} className={styles.group}>
            <h2 className={styles.groupHeading}>{group.heading}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <NavLink className={styles.link} to={link.to} end onClick={() => setOpen(false)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

/** What a seller's screen says to a buyer: what it is for, and how to become a seller. */
function BecomeASeller() {
  return (
    <section className={styles.sellersOnly} aria-labelledby="sellers-only-heading">
      <h2 id="sellers-only-heading" className={styles.sellersOnlyHeading}>
        This page is for sellers
      </h2>
      <p>
        Your account is a buyer's account. Choose a seller membership to list items, receive orders and
        offers, and use the seller tools; it takes effect at once.
      </p>
      <div className={styles.sellersOnlyActions}>
        <LinkButton to={paths.membership()}>Become a seller</LinkButton>
        <LinkButton to={paths.sellGuns()} variant="secondary">
          How selling works
        </LinkButton>
      </div>
    </section>
  );
}

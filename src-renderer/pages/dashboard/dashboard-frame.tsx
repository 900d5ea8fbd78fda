import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import {
  ACCOUNT_LINK_GROUPS,
  type AccountLink,
  listItemTarget,
} from '../../features/account-menu/account-links.ts';
import { RequireAuth } from '../../features/auth/require-auth.tsx';
import { useDocumentHead } from '../../lib/document-head.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
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
  children?: ReactNode;
}

/** The navigation for this user: a non-seller's Selling links lead to /membership (spec §2). */
function dashboardNav(isSeller: boolean): typeof DASHBOARD_NAV {
  if (isSeller) return DASHBOARD_NAV;
  return DASHBOARD_NAV.map((group) =>
    group.heading === 'Selling'
      ? { ...group, links: group.links.map((link) => ({ ...link, to: listItemTarget(false) })) }
      : group,
  );
}

/** A dashboard screen (signed-in only): the left navigation beside the screen's heading and content. */
export function DashboardFrame({ heading, title, intro, children }: DashboardFrameProps) {
  useDocumentHead({ title: title ?? heading });
  const user = useCurrentUser();
  const nav = dashboardNav(user?.isSeller ?? false);
  return (
    <RequireAuth>
      <div className={styles.layout}>
        <nav className={styles.nav} aria-label="Dashboard">
          {nav.map((group) => (
            <div key={group.heading} className={styles.group}>
              <h2 className={styles.groupHeading}>{group.heading}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <NavLink className={styles.link} to={link.to} end>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div>
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.intro}>{intro}</p>
          {children}
        </div>
      </div>
    </RequireAuth>
  );
}

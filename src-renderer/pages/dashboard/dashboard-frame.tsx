import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../shared/routes/paths.ts';
import { useDocumentHead } from '../../lib/document-head.ts';
import styles from './dashboard-frame.module.css';

interface DashboardLink {
  label: string;
  to: string;
}

/** The dashboard's left navigation, in the spec's groups. */
export const DASHBOARD_NAV: readonly { heading: string; links: readonly DashboardLink[] }[] = [
  {
    heading: 'Buying',
    links: [
      { label: 'Orders', to: paths.to('dashboard.buying.orders') },
      { label: 'Offers', to: paths.to('dashboard.buying.offers') },
      { label: 'Favorites', to: paths.favorites() },
      { label: 'Saved Searches', to: paths.savedSearches() },
      { label: 'Buyer Tools', to: paths.to('dashboard.buying.tools') },
    ],
  },
  {
    heading: 'Selling',
    links: [
      { label: 'Orders', to: paths.to('dashboard.selling.orders') },
      { label: 'Listings', to: paths.to('dashboard.selling.listings') },
      { label: 'List an Item', to: paths.listItem() },
      { label: 'Offers', to: paths.to('dashboard.selling.offers') },
      { label: 'Seller Tools', to: paths.to('dashboard.selling.tools') },
      { label: 'Set Up Payments', to: paths.liveCheckout() },
    ],
  },
  {
    heading: 'Messages',
    links: [
      { label: 'Inbox', to: paths.inbox() },
      { label: 'Sent', to: paths.to('dashboard.messages.sent') },
    ],
  },
  {
    heading: 'Billing',
    links: [
      { label: 'Invoices', to: paths.to('dashboard.billing.invoices') },
      { label: 'Payments', to: paths.to('dashboard.billing.payments') },
      { label: 'Payment Methods', to: paths.to('dashboard.billing.paymentMethods') },
    ],
  },
  {
    heading: 'Account',
    links: [{ label: 'Account Settings', to: paths.accountSettings() }],
  },
];

export interface DashboardFrameProps {
  heading: string;
  /** Document title; defaults to the heading. */
  title?: string;
  intro: string;
  children?: ReactNode;
}

/** A dashboard screen: the left navigation beside the screen's heading and content. */
export function DashboardFrame({ heading, title, intro, children }: DashboardFrameProps) {
  useDocumentHead({ title: title ?? heading });
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label="Dashboard">
        {DASHBOARD_NAV.map((group) => (
          <div key={group.heading} className={styles.group}>
            <h2 className={styles.groupHeading}>{group.heading}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
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
  );
}

import { Link } from 'react-router';
import { HOME_LINKS, paths } from '../../../shared/routes/paths.ts';
import { routeTitle } from '../../lib/app-route.ts';
import { PageFrame } from '../page-frame.tsx';
import styles from './info.module.css';

const SECTIONS: readonly { heading: string; links: readonly { label: string; to: string }[] }[] = [
  {
    heading: 'Shop',
    links: [
      { label: 'Home', to: paths.home() },
      { label: 'Firearms for sale', to: paths.firearms() },
      { label: 'Handguns', to: paths.firearms('handguns') },
      { label: 'Rifles', to: paths.firearms('rifles') },
      { label: 'Shotguns', to: paths.firearms('shotguns') },
      { label: 'Search listings', to: paths.search() },
      { label: 'Advanced search', to: paths.advancedSearch() },
      { label: 'Shop local', to: HOME_LINKS.shopLocal },
      { label: 'New this week', to: paths.newThisWeek() },
      { label: 'Guns near you', to: paths.localLinks() },
      { label: 'Find an FFL dealer', to: paths.ffl() },
    ],
  },
  {
    heading: 'Sell',
    links: [
      { label: 'Sell guns on Ironsight', to: paths.sellGuns() },
      { label: 'Membership', to: paths.membership() },
      { label: 'List an item', to: paths.listItem() },
    ],
  },
  {
    heading: 'Your account',
    links: [
      { label: 'Log in', to: paths.login() },
      { label: 'Create an account', to: paths.register() },
      { label: 'Dashboard', to: paths.dashboard() },
      { label: 'Cart', to: paths.cartView() },
    ],
  },
  {
    heading: 'Company',
    links: [{ label: 'About us', to: paths.aboutUs() }],
  },
];

export function SiteMapPage() {
  return (
    <PageFrame heading={routeTitle('siteMap') ?? 'Site Map'} intro="Every section of Ironsight in one list.">
      <div className={styles.sections}>
        {SECTIONS.map((section) => (
          <section key={section.heading}>
            <h2 className={styles.sectionHeading}>{section.heading}</h2>
            <ul className={styles.linkList}>
              {section.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PageFrame>
  );
}

import { HELP_URL } from '../../../shared/routes/external.ts';
import { HOME_LINKS, paths } from '../../../shared/routes/paths.ts';

export interface FooterLink {
  label: string;
  to: string;
  /** Leaves the app (help site, digest, social profiles). */
  external?: boolean;
}

export interface FooterGroup {
  heading: string;
  links: readonly FooterLink[];
}

export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    heading: 'Buy',
    links: [
      { label: 'Search listings', to: paths.search() },
      { label: 'Firearms for sale', to: paths.firearms() },
      { label: 'Shop local', to: HOME_LINKS.shopLocal },
      { label: 'New this week', to: paths.newThisWeek() },
      { label: 'Advanced search', to: paths.advancedSearch() },
      { label: 'Find an FFL dealer', to: paths.ffl() },
    ],
  },
  {
    heading: 'Sell',
    links: [
      { label: 'Sell guns on Ironsight', to: paths.sellGuns() },
      { label: 'Membership', to: paths.membership() },
      { label: 'List an item', to: paths.listItem() },
      { label: 'Seller tools', to: paths.to('dashboard.selling.tools') },
    ],
  },
  {
    heading: 'Help',
    links: [
      { label: 'Help center', to: paths.help(), external: true },
      { label: 'About us', to: paths.aboutUs() },
      { label: 'Site map', to: paths.siteMap() },
      { label: 'Local links', to: paths.localLinks() },
      { label: 'News and reviews', to: paths.digest() },
    ],
  },
  {
    heading: 'Legal',
    links: [
      // Legal documents are published on the help site, next to the buying and shipping rules.
      { label: 'Terms of use', to: `${HELP_URL}/terms-of-use`, external: true },
      { label: 'Privacy policy', to: `${HELP_URL}/privacy-policy`, external: true },
      { label: 'Firearm shipping and FFL transfers', to: `${HELP_URL}/ffl-transfers`, external: true },
    ],
  },
];

/** The product's social profiles. Addresses are configuration, like the external sites. */
export const SOCIAL_LINKS: readonly FooterLink[] = [
  { label: 'Facebook', to: 'https://www.facebook.com/ironsight', external: true },
  { label: 'Instagram', to: 'https://www.instagram.com/ironsight', external: true },
  { label: 'YouTube', to: 'https://www.youtube.com/@ironsight', external: true },
  { label: 'X', to: 'https://x.com/ironsight', external: true },
];

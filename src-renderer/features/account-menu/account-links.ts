import { paths } from '../../../shared/routes/paths.ts';

export { listItemTarget, sellTarget } from './sell-target.ts';

export interface AccountLink {
  label: string;
  to: string;
}

export interface AccountLinkGroup {
  heading: 'Buying' | 'Selling' | 'Messages' | 'Billing';
  links: readonly AccountLink[];
}

/** The dashboard's groups, as the account menu and the dashboard navigation list them. */
export const ACCOUNT_LINK_GROUPS: readonly AccountLinkGroup[] = [
  {
    heading: 'Buying',
    links: [
      { label: 'Orders', to: paths.to('dashboard.buying.orders') },
      { label: 'Offers', to: paths.to('dashboard.buying.offers') },
      { label: 'Bids', to: paths.to('dashboard.buying.bids') },
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
      { label: 'Auctions', to: paths.to('dashboard.selling.auctions') },
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
];

/**
 * The account menu's groups for this user: a seller gets every group to open; for a non-seller
 * Selling is a single link to /membership.
 */
export function accountMenuGroups(
  isSeller: boolean,
): ({ kind: 'group'; group: AccountLinkGroup } | { kind: 'link'; heading: string; to: string })[] {
  return ACCOUNT_LINK_GROUPS.map((group) =>
    group.heading === 'Selling' && !isSeller
      ? { kind: 'link' as const, heading: group.heading, to: paths.membership() }
      : { kind: 'group' as const, group },
  );
}

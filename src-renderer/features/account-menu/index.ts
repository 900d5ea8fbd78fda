/**
 * The account menu. `HeaderAccount` is the header's account slot and `useSellTarget` where its
 * Sell link leads; the account link groups and `listItemTarget` lay out the dashboard's navigation.
 */
export { ACCOUNT_LINK_GROUPS, type AccountLink, listItemTarget } from './account-links.ts';
export { HeaderAccount, useSellTarget } from './header-account.tsx';

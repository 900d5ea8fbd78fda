/** Auctions: an auction's standing, bid form and history on its listing page, and the bidding and selling lists. */
export { useAuction } from './api.ts';
export { AuctionPanel } from './auction-panel.tsx';
export { AuctionsList } from './auctions-list.tsx';

/** Auctions: an auction's standing, bid form and history on its listing page. */
export { useAuction } from './api.ts';
export { AuctionPanel } from './auction-panel.tsx';

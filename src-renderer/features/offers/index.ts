/** Offers: making an offer on a listing, and a buyer's or seller's list of offers. */
export { MakeOffer } from './make-offer.tsx';
export { OffersList } from './offers-list.tsx';

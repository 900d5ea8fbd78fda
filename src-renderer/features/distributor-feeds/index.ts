/** A dealer's distributor feeds, a section of the selling tools. */
export { DistributorFeedsSection } from './distributor-feeds-section.tsx';

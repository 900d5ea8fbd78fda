/** Reporting a listing to the moderators. */
export { ReportListing } from './report-listing.tsx';

/** The seller API's client credentials, a section of the selling tools. */
export { SellerApiSection } from './seller-api-section.tsx';

/** A seller's bulk inventory upload (a spreadsheet of listings), a section of the selling tools. */
export { BulkUploadSection } from './bulk-upload-section.tsx';

import { BulkUploadSection } from '../../features/bulk-upload/index.ts';
import { WatchedFolderSection } from '../../features/desktop-sync/index.ts';
import { DistributorFeedsSection } from '../../features/distributor-feeds/index.ts';
import { SellerApiSection } from '../../features/seller-api/index.ts';
import { DashboardFrame } from './dashboard-frame.tsx';
import styles from './selling-tools-page.module.css';

/**
 * Seller Tools: each tool is a section from its own feature folder (bulk upload, distributor feeds,
 * seller-API credentials, and in the desktop client the watched inventory folder); the page only
 * puts them in order. Features never import each other.
 */
export function SellingToolsPage() {
  return (
    <DashboardFrame
      sellersOnly
      heading="Seller Tools"
      intro="Bulk inventory upload, your distributor feeds and the seller API."
    >
      <div className={styles.sections}>
        <BulkUploadSection />
        {/* The desktop client only: renders nothing on the web. */}
        <WatchedFolderSection />
        <DistributorFeedsSection />
        <SellerApiSection />
      </div>
    </DashboardFrame>
  );
}

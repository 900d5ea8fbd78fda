/**
 * The desktop client's own services in the renderer: the watched inventory folder (a section of
 * Seller Tools), the offline outbox (a panel on the dashboard and a count in the header), the
 * quiet hours of notifications (a section of the account settings) and "Restart to update" once a
 * newer version is downloaded. Each renders nothing on the web, where the platform adapter has none
 * of these services.
 */
export { OutboxIndicator } from './outbox-indicator.tsx';
export { OutboxPanel } from './outbox-panel.tsx';
export { QuietHoursSettings } from './quiet-hours-settings.tsx';
export { UpdateBanner } from './update-banner.tsx';
export { WatchedFolderSection } from './watched-folder-section.tsx';

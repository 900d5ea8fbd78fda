/**
 * The desktop client's own services in the renderer: the watched inventory folder (a section of
 * Seller Tools) and the offline outbox (a panel on the dashboard and a count in the header). Each
 * renders nothing on the web, where the platform adapter has neither service.
 */
export { OutboxIndicator } from './outbox-indicator.tsx';
export { OutboxPanel } from './outbox-panel.tsx';
export { WatchedFolderSection } from './watched-folder-section.tsx';

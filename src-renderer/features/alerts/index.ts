/**
 * Site alerts and a user's alert settings: the settings section of the buying tools, the
 * unsubscribe panel of an alert email's link, and the banner the shell shows, whose code loads
 * when it hydrates (`UserAlertBannerPart`).
 */
export { AlertSettingsSection } from './alert-settings-form.tsx';
export { useAlertSettings } from './api/alert-settings.ts';
export { UserAlertBannerPart } from './lazy-parts.ts';
export { UnsubscribePanel } from './unsubscribe-panel.tsx';

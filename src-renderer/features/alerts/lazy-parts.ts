import { lazyPart } from '../../lib/lazy-part.ts';

/** The site's alert banner: its code loads when the banner hydrates (see `lazyPart`). */
export const UserAlertBannerPart = lazyPart(() =>
  import('./user-alert-banner.tsx').then((m) => m.UserAlertBanner),
);

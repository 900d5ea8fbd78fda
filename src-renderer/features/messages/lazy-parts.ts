import { lazyPart } from '../../lib/lazy-part.ts';

/** The header's unread-messages link: its code loads when the link hydrates (see `lazyPart`). */
export const UnreadMessagesLinkPart = lazyPart(() =>
  import('./unread-messages-link.tsx').then((m) => m.UnreadMessagesLink),
);

/**
 * Unread messages: the renderer reports the count it polls from the API; the app badge always
 * shows it, and a notification announces new messages. The first count after launch only sets
 * the baseline, so messages the user has already been told about are not announced again.
 */
import { paths } from '../../shared/routes/paths.ts';
import type { PresentNotice } from './notices.ts';

/** What the notifier needs from Electron's `app` (dock / taskbar / launcher badge). */
export interface BadgeLike {
  setBadgeCount(count: number): unknown;
}

export interface UnreadNotifierOptions {
  present: PresentNotice;
  badge: BadgeLike;
}

export interface UnreadNotifier {
  report(count: number): void;
}

export const NEW_MESSAGES_TITLE = 'New messages';

export function unreadMessagesBody(count: number): string {
  return count === 1 ? 'You have 1 unread message.' : `You have ${count} unread messages.`;
}

export function createUnreadNotifier(options: UnreadNotifierOptions): UnreadNotifier {
  let last: number | null = null;
  return {
    report(count) {
      const unread = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
      options.badge.setBadgeCount(unread);
      const previous = last;
      last = unread;
      if (previous === null || unread <= previous) return;
      options.present({ title: NEW_MESSAGES_TITLE, body: unreadMessagesBody(unread), path: paths.inbox() });
    },
  };
}

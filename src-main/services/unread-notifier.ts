/**
 * Unread messages on the desktop: the badge (when given one) shows the latest count; a notification
 * announces a new message (its sender and subject) when the count rises, and a click opens that
 * conversation. None while the user is looking at their messages or has turned them off. The first
 * count after launch or sign-in only sets the baseline, so messages already announced are not
 * announced again. Events come from the live channel the main process follows; the renderer's
 * reported count only keeps the badge current. An outbid notice on an auction is announced as it
 * comes (the server sends at most one per auction every few minutes); a click opens the auction. A
 * new order of the seller is announced as it is paid; a click opens the seller's orders. (The app
 * badge itself is the tray's: the sum of unread messages, outbids and new orders, tray-model.ts.)
 */
import type { LiveMessageEvent } from '../../shared/contract/messages.ts';
import { formatPrice } from '../../shared/domain/listing-card.ts';
import { paths } from '../../shared/routes/paths.ts';
import type { PresentNotice } from './notices.ts';

/** What the notifier needs from Electron's `app` (dock / taskbar / launcher badge). */
export interface BadgeLike {
  setBadgeCount(count: number): unknown;
}

export interface UnreadNotifierOptions {
  present: PresentNotice;
  /** Left out where another service owns the badge (the tray). */
  badge?: BadgeLike;
  /** True while the window is in front showing the inbox, sent messages or a conversation. */
  isViewingMessages?: () => boolean;
  /** The user's setting: message notifications on or off. */
  notificationsEnabled?: () => boolean;
}

export interface UnreadNotifier {
  /** A count the renderer read: the badge follows it. */
  report(count: number): void;
  /** An event of the live channel (or a polled count). */
  receive(event: LiveMessageEvent): void;
  /** Signed out, or another account signed in: the badge clears and the next count is a new baseline. */
  reset(): void;
}

export const NEW_MESSAGES_TITLE = 'New messages';

export function unreadMessagesBody(count: number): string {
  return count === 1 ? 'You have 1 unread message.' : `You have ${count} unread messages.`;
}

export function outbidTitle(auctionTitle: string): string {
  return `Outbid: ${auctionTitle}`;
}

export function outbidBody(price: number): string {
  return `The price is now ${formatPrice(price)}. Bid again before it ends.`;
}

export function newOrderTitle(number: string): string {
  return `New order ${number}`;
}

export function newOrderBody(order: { title: string; itemCount: number; total: number }): string {
  const more = order.itemCount > 1 ? ` and ${order.itemCount - 1} more` : '';
  return `${order.title}${more}, ${formatPrice(order.total)}. Ready to ship.`;
}

export function newMessageTitle(senderDisplayName: string): string {
  return `New message from ${senderDisplayName}`;
}

const cleanCount = (count: number) => (Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0);

export function createUnreadNotifier(options: UnreadNotifierOptions): UnreadNotifier {
  let last: number | null = null;
  const quiet = () => options.isViewingMessages?.() === true || options.notificationsEnabled?.() === false;
  return {
    report(count) {
      options.badge?.setBadgeCount(cleanCount(count));
    },
    receive(event) {
      const unread = cleanCount(event.unreadCount);
      options.badge?.setBadgeCount(unread);
      const previous = last;
      last = unread;
      if (event.type === 'outbid') {
        if (options.notificationsEnabled?.() === false) return;
        options.present({
          title: outbidTitle(event.auction.title).slice(0, 120),
          body: outbidBody(event.auction.price),
          path: event.auction.url,
        });
        return;
      }
      if (event.type === 'order') {
        if (options.notificationsEnabled?.() === false) return;
        options.present({
          title: newOrderTitle(event.order.number).slice(0, 120),
          body: newOrderBody(event.order).slice(0, 500),
          path: paths.to('dashboard.selling.orders'),
        });
        return;
      }
      if (previous === null || unread <= previous || quiet()) return;
      if (event.type === 'message') {
        options.present({
          title: newMessageTitle(event.message.senderDisplayName).slice(0, 120),
          body: event.message.subject.slice(0, 500),
          path: paths.inbox(event.message.conversationId),
        });
      } else {
        options.present({ title: NEW_MESSAGES_TITLE, body: unreadMessagesBody(unread), path: paths.inbox() });
      }
    },
    reset() {
      last = null;
      options.badge?.setBadgeCount(0);
    },
  };
}

/** One notifier handing each count and event to every one of `notifiers` in turn (the tray, the notices). */
export function fanOutNotifier(...notifiers: UnreadNotifier[]): UnreadNotifier {
  return {
    report: (count) => {
      for (const notifier of notifiers) notifier.report(count);
    },
    receive: (event) => {
      for (const notifier of notifiers) notifier.receive(event);
    },
    reset: () => {
      for (const notifier of notifiers) notifier.reset();
    },
  };
}

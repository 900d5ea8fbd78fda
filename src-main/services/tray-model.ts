/**
 * What the dealer has waiting, for the tray menu and the dock/taskbar badge: unread messages,
 * auctions where they were outbid and new orders to ship. Each has a menu item with its count (an
 * outbid, one item per auction) whose click opens its page; the badge is their sum.
 *
 * Fed by the account's live channel (the same events the notifications come from, so the badge and
 * menu keep counting during quiet hours) and the renderer's unread count. The unread count is the
 * server's; outbids and new orders are counted here from their events until the dealer opens the
 * page that lists them (the auction, the bids page, the seller's orders), and start again at zero at
 * each launch and sign-in. Plain data: tray.ts draws it with Electron.
 */
import type { LiveMessageEvent } from '../../shared/contract/messages.ts';
import { formatPrice } from '../../shared/domain/listing-card.ts';
import { paths } from '../../shared/routes/paths.ts';
import type { UnreadNotifier } from './unread-notifier.ts';

/** Auctions listed one by one; more are summed up in one item that opens the bids page. */
export const MAX_OUTBIDS_LISTED = 5;
/** Outbids and orders remembered at most (the oldest are forgotten first). */
const MAX_KEPT = 200;
const TITLE_CHARS = 48;

export const INBOX_PATH = paths.inbox();
export const SELLER_ORDERS_PATH = paths.to('dashboard.selling.orders');
export const BIDS_PATH = paths.to('dashboard.buying.bids');

/** What a click on an item does. */
export type TrayAction = { kind: 'open'; path: string } | { kind: 'showWindow' } | { kind: 'quit' };

export type TrayMenuEntry =
  | { kind: 'item'; id: string; label: string; action: TrayAction }
  | { kind: 'separator' };

export interface TrayView {
  /** The dock/taskbar badge: unread messages + outbid auctions + new orders. */
  badgeCount: number;
  /** The tray icon's tooltip, with the counts in words. */
  tooltip: string;
  menu: TrayMenuEntry[];
}

export interface TrayModel extends UnreadNotifier {
  /**
   * The window shows `path`: the outbid auction or new orders it lists are seen and no longer
   * counted (the bids page clears every outbid).
   */
  viewed(path: string): void;
  view(): TrayView;
  /** Called with the new view whenever it changes; returns an unsubscribe function. */
  onChange(listener: (view: TrayView) => void): () => void;
}

interface Outbid {
  listingId: string;
  title: string;
  url: string;
  price: number;
}

const cleanCount = (count: number) => (Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > TITLE_CHARS ? `${flat.slice(0, TITLE_CHARS - 1).trimEnd()}…` : flat;
};
/** An app path without its query and fragment. */
const pathnameOf = (path: string) => path.replace(/[?#].*$/, '');

/** Keeps the newest `MAX_KEPT` entries of a map or set (its insertion order is the arrival order). */
function trim<K>(kept: { readonly size: number; keys(): Iterable<K>; delete(key: K): boolean }): void {
  for (const key of kept.keys()) {
    if (kept.size <= MAX_KEPT) return;
    kept.delete(key);
  }
}

export function trayTooltip(unread: number, outbids: number, orders: number): string {
  const parts = [
    unread > 0 ? plural(unread, 'unread message', 'unread messages') : null,
    outbids > 0 ? `outbid on ${plural(outbids, 'auction', 'auctions')}` : null,
    orders > 0 ? plural(orders, 'new order', 'new orders') : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'Ironsight' : `Ironsight: ${parts.join(', ')}`;
}

export function buildTrayView(unread: number, outbids: readonly Outbid[], orders: number): TrayView {
  const open = (path: string): TrayAction => ({ kind: 'open', path });
  const menu: TrayMenuEntry[] = [
    {
      kind: 'item',
      id: 'messages',
      label: unread > 0 ? `Messages (${unread} unread)` : 'Messages',
      action: open(INBOX_PATH),
    },
  ];
  if (outbids.length > 0) {
    menu.push({ kind: 'separator' });
    for (const outbid of outbids.slice(0, MAX_OUTBIDS_LISTED)) {
      menu.push({
        kind: 'item',
        id: `outbid:${outbid.listingId}`,
        label: `Outbid: ${shorten(outbid.title)} (now ${formatPrice(outbid.price)})`,
        action: open(outbid.url),
      });
    }
    const more = outbids.length - MAX_OUTBIDS_LISTED;
    if (more > 0) {
      menu.push({
        kind: 'item',
        id: 'outbids',
        label: `Outbid on ${plural(more, 'more auction', 'more auctions')}…`,
        action: open(BIDS_PATH),
      });
    }
  }
  if (orders > 0) {
    menu.push(
      { kind: 'separator' },
      { kind: 'item', id: 'orders', label: `New orders (${orders})`, action: open(SELLER_ORDERS_PATH) },
    );
  }
  menu.push(
    { kind: 'separator' },
    { kind: 'item', id: 'show', label: 'Open Ironsight', action: { kind: 'showWindow' } },
    { kind: 'item', id: 'quit', label: 'Quit Ironsight', action: { kind: 'quit' } },
  );
  return {
    badgeCount: unread + outbids.length + orders,
    tooltip: trayTooltip(unread, outbids.length, orders),
    menu,
  };
}

export function createTrayModel(): TrayModel {
  let unread = 0;
  /** By listing id, oldest first (a new outbid on the same auction moves it last). */
  const outbids = new Map<string, Outbid>();
  /** New orders by id (an event heard twice counts once). */
  const orders = new Set<string>();
  const listeners = new Set<(view: TrayView) => void>();

  const view = (): TrayView => buildTrayView(unread, [...outbids.values()].reverse(), orders.size);
  let lastEmitted = JSON.stringify(view());
  const changed = () => {
    const current = view();
    const text = JSON.stringify(current);
    if (text === lastEmitted) return;
    lastEmitted = text;
    for (const listener of [...listeners]) listener(current);
  };

  return {
    report(count) {
      unread = cleanCount(count);
      changed();
    },
    receive(event: LiveMessageEvent) {
      unread = cleanCount(event.unreadCount);
      if (event.type === 'outbid') {
        const { listingId, title, url, price } = event.auction;
        outbids.delete(listingId);
        outbids.set(listingId, { listingId, title, url, price });
        trim(outbids);
      } else if (event.type === 'order') {
        orders.add(event.order.id);
        trim(orders);
      }
      changed();
    },
    reset() {
      unread = 0;
      outbids.clear();
      orders.clear();
      changed();
    },
    viewed(path) {
      const pathname = pathnameOf(path);
      if (pathname.startsWith(SELLER_ORDERS_PATH)) orders.clear();
      if (pathname === BIDS_PATH) outbids.clear();
      for (const outbid of [...outbids.values()]) {
        if (pathname === pathnameOf(outbid.url) || pathname.startsWith(`/${outbid.listingId}`)) {
          outbids.delete(outbid.listingId);
        }
      }
      changed();
    },
    view,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

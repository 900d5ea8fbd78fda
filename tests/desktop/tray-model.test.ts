import { describe, expect, it, vi } from 'vitest';
import type { LiveMessageEvent } from '../../shared/contract/messages.ts';
import {
  badgeDescription,
  badgeDotBitmap,
  createTray,
  menuLabel,
  type TrayHost,
  type TrayHostEntry,
} from '../../src-main/services/tray.ts';
import {
  BIDS_PATH,
  createTrayModel,
  INBOX_PATH,
  MAX_OUTBIDS_LISTED,
  SELLER_ORDERS_PATH,
  type TrayMenuEntry,
} from '../../src-main/services/tray-model.ts';
import { createUnreadNotifier, fanOutNotifier } from '../../src-main/services/unread-notifier.ts';

const unread = (unreadCount: number): LiveMessageEvent => ({ type: 'unread', unreadCount });

const auctionId = (n: number) => `7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f${String(n).padStart(2, '0')}`;
const outbid = (
  n: number,
  price = 1250,
  unreadCount = 0,
  title = `Colt Python 6in #${n}`,
): LiveMessageEvent => ({
  type: 'outbid',
  unreadCount,
  auction: { listingId: auctionId(n), title, url: `/${auctionId(n)}/colt-python-6in-${n}`, price },
});

const orderId = (n: number) => `9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f${String(n).padStart(2, '0')}`;
const order = (n: number, unreadCount = 0): LiveMessageEvent => ({
  type: 'order',
  unreadCount,
  order: { id: orderId(n), number: `IS-00104${n}`, title: 'Glock 19 Gen5', itemCount: 2, total: 1050 },
});

const labels = (menu: readonly TrayMenuEntry[]) =>
  menu.map((entry) => (entry.kind === 'separator' ? '---' : entry.label));
const item = (menu: readonly TrayMenuEntry[], id: string) =>
  menu.find((entry) => entry.kind === 'item' && entry.id === id);

describe('tray model', () => {
  it('starts empty: the inbox, open and quit; no badge', () => {
    const view = createTrayModel().view();
    expect(view.badgeCount).toBe(0);
    expect(view.tooltip).toBe('Ironsight');
    expect(labels(view.menu)).toEqual(['Messages', '---', 'Open Ironsight', 'Quit Ironsight']);
  });

  it('counts unread messages, outbid auctions and new orders; the badge is their sum', () => {
    const model = createTrayModel();
    model.receive(unread(3));
    model.receive(outbid(1, 1250, 3));
    model.receive(outbid(2, 480, 3));
    model.receive(order(1, 4));
    const view = model.view();
    expect(view.badgeCount).toBe(4 + 2 + 1);
    expect(view.tooltip).toBe('Ironsight: 4 unread messages, outbid on 2 auctions, 1 new order');
    expect(labels(view.menu)).toEqual([
      'Messages (4 unread)',
      '---',
      'Outbid: Colt Python 6in #2 (now $480.00)',
      'Outbid: Colt Python 6in #1 (now $1,250.00)',
      '---',
      'New orders (1)',
      '---',
      'Open Ironsight',
      'Quit Ironsight',
    ]);
  });

  it('each item opens its page: the inbox, the auction, the seller’s orders', () => {
    const model = createTrayModel();
    model.receive(outbid(1));
    model.receive(order(1));
    const menu = model.view().menu;
    expect(item(menu, 'messages')).toMatchObject({ action: { kind: 'open', path: INBOX_PATH } });
    expect(INBOX_PATH).toBe('/dashboard/messages/inbox');
    expect(item(menu, `outbid:${auctionId(1)}`)).toMatchObject({
      action: { kind: 'open', path: `/${auctionId(1)}/colt-python-6in-1` },
    });
    expect(item(menu, 'orders')).toMatchObject({
      action: { kind: 'open', path: '/dashboard/selling/orders' },
    });
    expect(item(menu, 'show')).toMatchObject({ action: { kind: 'showWindow' } });
    expect(item(menu, 'quit')).toMatchObject({ action: { kind: 'quit' } });
  });

  it('a second outbid on the same auction updates its price and moves it first; an order heard twice counts once', () => {
    const model = createTrayModel();
    model.receive(outbid(1, 1000));
    model.receive(outbid(2, 500));
    model.receive(outbid(1, 1100));
    model.receive(order(1));
    model.receive(order(1));
    const view = model.view();
    expect(view.badgeCount).toBe(3);
    expect(labels(view.menu).filter((label) => label.startsWith('Outbid'))).toEqual([
      'Outbid: Colt Python 6in #1 (now $1,100.00)',
      'Outbid: Colt Python 6in #2 (now $500.00)',
    ]);
    expect(item(view.menu, 'orders')).toMatchObject({ label: 'New orders (1)' });
  });

  it(`lists ${MAX_OUTBIDS_LISTED} outbid auctions, newest first, and sums up the rest with a link to the bids page`, () => {
    const model = createTrayModel();
    for (let n = 1; n <= MAX_OUTBIDS_LISTED + 2; n += 1) model.receive(outbid(n));
    const view = model.view();
    const listed = view.menu.filter((entry) => entry.kind === 'item' && entry.id.startsWith('outbid:'));
    expect(listed).toHaveLength(MAX_OUTBIDS_LISTED);
    expect(listed[0]).toMatchObject({ id: `outbid:${auctionId(MAX_OUTBIDS_LISTED + 2)}` });
    expect(item(view.menu, 'outbids')).toEqual({
      kind: 'item',
      id: 'outbids',
      label: 'Outbid on 2 more auctions…',
      action: { kind: 'open', path: BIDS_PATH },
    });
    expect(view.badgeCount).toBe(MAX_OUTBIDS_LISTED + 2);
  });

  it('shortens a long auction title in its item', () => {
    const model = createTrayModel();
    model.receive(outbid(1, 1250, 0, 'A'.repeat(90)));
    const label = item(model.view().menu, `outbid:${auctionId(1)}`);
    expect(label?.kind === 'item' && label.label).toBe(`Outbid: ${'A'.repeat(47)}… (now $1,250.00)`);
  });

  it('opening the page that lists them clears the outbid or the new orders; messages follow the server', () => {
    const model = createTrayModel();
    model.receive(outbid(1, 1250, 2));
    model.receive(outbid(2, 1250, 2));
    model.receive(order(1, 2));
    model.viewed(`/${auctionId(1)}/colt-python-6in-1?tab=bids`);
    expect(model.view().badgeCount).toBe(2 + 1 + 1);
    model.viewed(`${SELLER_ORDERS_PATH}#open`);
    expect(item(model.view().menu, 'orders')).toBeUndefined();
    model.viewed(INBOX_PATH);
    expect(model.view().badgeCount).toBe(2 + 1);
    model.viewed(BIDS_PATH);
    expect(model.view().badgeCount).toBe(2);
    model.receive(unread(0));
    expect(model.view().badgeCount).toBe(0);
  });

  it('a reported count updates the messages; a sign-out clears everything', () => {
    const model = createTrayModel();
    model.receive(outbid(1));
    model.receive(order(1));
    model.report(5);
    expect(model.view().badgeCount).toBe(7);
    model.reset();
    expect(model.view()).toEqual(createTrayModel().view());
  });

  it('tells its listeners only when the view changes', () => {
    const model = createTrayModel();
    const listener = vi.fn();
    const unsubscribe = model.onChange(listener);
    model.receive(unread(0));
    expect(listener).not.toHaveBeenCalled();
    model.receive(unread(1));
    model.report(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0]).toMatchObject({ badgeCount: 1 });
    unsubscribe();
    model.report(2);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('tray (drawn with the OS)', () => {
  function setup(platform: NodeJS.Platform = 'win32') {
    const host = {
      menu: [] as readonly TrayHostEntry[],
      toolTip: '',
      badge: -1,
      setMenu(entries) {
        this.menu = entries;
      },
      setToolTip(text) {
        this.toolTip = text;
      },
      setBadgeCount(count) {
        this.badge = count;
      },
    } satisfies TrayHost & Record<string, unknown>;
    const model = createTrayModel();
    const navigate = vi.fn();
    const showWindow = vi.fn();
    const quit = vi.fn();
    const tray = createTray({ host, model, navigate, showWindow, quit, platform });
    const click = (label: string) => {
      const entry = host.menu.find((candidate) => candidate.type === 'normal' && candidate.label === label);
      if (entry?.type !== 'normal') throw new Error(`no item ${label}`);
      entry.click();
    };
    return { host, model, navigate, showWindow, quit, tray, click };
  }

  it('draws the model at once and again on each change: badge, tooltip, menu', () => {
    const { host, model } = setup();
    expect(host.badge).toBe(0);
    expect(host.toolTip).toBe('Ironsight');
    model.receive(outbid(1, 1250, 2));
    expect(host.badge).toBe(3);
    expect(host.toolTip).toBe('Ironsight: 2 unread messages, outbid on 1 auction');
    expect(host.menu.map((entry) => (entry.type === 'normal' ? entry.label : '---'))).toEqual([
      'Messages (2 unread)',
      '---',
      'Outbid: Colt Python 6in #1 (now $1,250.00)',
      '---',
      'Open Ironsight',
      'Quit Ironsight',
    ]);
  });

  it('a click on an item brings the window forward, opens its page and marks it seen', () => {
    const { host, model, navigate, showWindow, click } = setup();
    model.receive(outbid(1));
    model.receive(order(1));
    click('New orders (1)');
    expect(showWindow).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenLastCalledWith('/dashboard/selling/orders');
    expect(host.badge).toBe(1);
    click('Outbid: Colt Python 6in #1 (now $1,250.00)');
    expect(navigate).toHaveBeenLastCalledWith(`/${auctionId(1)}/colt-python-6in-1`);
    expect(host.badge).toBe(0);
    click('Messages');
    expect(navigate).toHaveBeenLastCalledWith('/dashboard/messages/inbox');
  });

  it('"Open Ironsight" shows the window without navigating; "Quit Ironsight" quits', () => {
    const { navigate, showWindow, quit, click } = setup();
    click('Open Ironsight');
    expect(showWindow).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    click('Quit Ironsight');
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('doubles “&” in labels where menus read it as a mnemonic, and stops drawing once disposed', () => {
    expect(menuLabel('Outbid: Smith & Wesson 686', 'win32')).toBe('Outbid: Smith && Wesson 686');
    expect(menuLabel('Outbid: Smith & Wesson 686', 'linux')).toBe('Outbid: Smith && Wesson 686');
    expect(menuLabel('Outbid: Smith & Wesson 686', 'darwin')).toBe('Outbid: Smith & Wesson 686');
    const { host, model, tray } = setup();
    tray.dispose();
    model.report(4);
    expect(host.badge).toBe(0);
    tray.refresh();
    expect(host.badge).toBe(4);
  });

  it('describes the Windows overlay in words and draws it as a round dot', () => {
    expect(badgeDescription(1)).toBe('1 item waiting');
    expect(badgeDescription(12)).toBe('12 items waiting');
    const dot = badgeDotBitmap(16);
    expect(dot).toHaveLength(16 * 16 * 4);
    const alpha = (x: number, y: number) => dot[(y * 16 + x) * 4 + 3];
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(15, 15)).toBe(0);
    expect(alpha(8, 8)).toBe(255);
    expect(dot[(8 * 16 + 8) * 4 + 2]).toBe(0xd9);
  });
});

describe('live events feed both the tray and the notices', () => {
  it('hands every count, event and reset to each', () => {
    const model = createTrayModel();
    const present = vi.fn(() => true);
    const notices = createUnreadNotifier({ present });
    const both = fanOutNotifier(model, notices);
    both.receive(unread(1));
    both.receive(order(1, 1));
    expect(model.view().badgeCount).toBe(2);
    expect(present).toHaveBeenCalledWith({
      title: 'New order IS-001041',
      body: 'Glock 19 Gen5 and 1 more, $1,050.00. Ready to ship.',
      path: '/dashboard/selling/orders',
    });
    both.report(3);
    expect(model.view().badgeCount).toBe(4);
    both.reset();
    expect(model.view().badgeCount).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { LiveMessageEvent } from '../../shared/contract/messages.ts';
import type { DesktopNotice } from '../../shared/desktop-bridge.ts';
import { createNoticePresenter, type NotificationCenter } from '../../src-main/services/notices.ts';
import {
  createUnreadNotifier,
  newOrderBody,
  unreadMessagesBody,
} from '../../src-main/services/unread-notifier.ts';

function setup(options: { viewing?: boolean; enabled?: boolean } = {}) {
  const present = vi.fn((_notice: DesktopNotice) => true);
  const setBadgeCount = vi.fn((_count: number) => true);
  const state = { viewing: options.viewing ?? false, enabled: options.enabled ?? true };
  const notifier = createUnreadNotifier({
    present,
    badge: { setBadgeCount },
    isViewingMessages: () => state.viewing,
    notificationsEnabled: () => state.enabled,
  });
  return { notifier, present, setBadgeCount, state };
}

const CONVERSATION_ID = '0b7e5a52-6f0e-4c1e-9d0a-1b2c3d4e5f60';
const unread = (unreadCount: number): LiveMessageEvent => ({ type: 'unread', unreadCount });
const arrived = (unreadCount: number): LiveMessageEvent => ({
  type: 'message',
  unreadCount,
  message: {
    id: '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70',
    conversationId: CONVERSATION_ID,
    senderDisplayName: 'Sam S.',
    subject: 'Walnut-stock lever rifle',
  },
});

const outbid = (unreadCount: number): LiveMessageEvent => ({
  type: 'outbid',
  unreadCount,
  auction: {
    listingId: '7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f61',
    title: 'Colt Python 6in',
    url: '/7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f61/colt-python-6in',
    price: 1250,
  },
});

describe('unread messages notifier', () => {
  it('an outbid notice is announced as it comes, opening the auction, even while reading messages', () => {
    const { notifier, present, setBadgeCount } = setup({ viewing: true });
    notifier.receive(unread(2));
    notifier.receive(outbid(2));
    expect(present).toHaveBeenCalledTimes(1);
    expect(present).toHaveBeenCalledWith({
      title: 'Outbid: Colt Python 6in',
      body: 'The price is now $1,250.00. Bid again before it ends.',
      path: '/7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f61/colt-python-6in',
    });
    expect(setBadgeCount).toHaveBeenLastCalledWith(2);
  });

  it('no outbid notice when notifications are off', () => {
    const { notifier, present } = setup({ enabled: false });
    notifier.receive(unread(0));
    notifier.receive(outbid(0));
    expect(present).not.toHaveBeenCalled();
  });

  it('takes the first count after launch as the baseline, without a notification', () => {
    const { notifier, present, setBadgeCount } = setup();
    notifier.receive(unread(3));
    expect(present).not.toHaveBeenCalled();
    expect(setBadgeCount).toHaveBeenLastCalledWith(3);
  });

  it('a rise gives one notification naming the sender and subject, opening the conversation', () => {
    const { notifier, present, setBadgeCount } = setup();
    notifier.receive(unread(3));
    notifier.receive(arrived(4));
    expect(present).toHaveBeenCalledTimes(1);
    expect(present).toHaveBeenCalledWith({
      title: 'New message from Sam S.',
      body: 'Walnut-stock lever rifle',
      path: `/dashboard/messages/inbox?conversation=${CONVERSATION_ID}`,
    });
    expect(setBadgeCount).toHaveBeenLastCalledWith(4);
  });

  it('a polled count that rose announces the count, opening the inbox', () => {
    const { notifier, present } = setup();
    notifier.receive(unread(3));
    notifier.receive(unread(5));
    expect(present).toHaveBeenCalledWith({
      title: 'New messages',
      body: 'You have 5 unread messages.',
      path: '/dashboard/messages/inbox',
    });
  });

  it('stays quiet when the count is unchanged or goes down', () => {
    const { notifier, present, setBadgeCount } = setup();
    notifier.receive(unread(2));
    notifier.receive(unread(2));
    notifier.receive(unread(1));
    notifier.receive(unread(0));
    expect(present).not.toHaveBeenCalled();
    expect(setBadgeCount.mock.calls.map(([count]) => count)).toEqual([2, 2, 1, 0]);
  });

  it('shows none while the user is on their messages, but still badges', () => {
    const { notifier, present, setBadgeCount, state } = setup({ viewing: true });
    notifier.receive(unread(0));
    notifier.receive(arrived(1));
    expect(present).not.toHaveBeenCalled();
    expect(setBadgeCount).toHaveBeenLastCalledWith(1);
    state.viewing = false;
    notifier.receive(arrived(2));
    expect(present).toHaveBeenCalledTimes(1);
  });

  it('shows none when turned off in settings', () => {
    const { notifier, present, setBadgeCount } = setup({ enabled: false });
    notifier.receive(unread(0));
    notifier.receive(arrived(1));
    notifier.receive(arrived(2));
    expect(present).not.toHaveBeenCalled();
    expect(setBadgeCount).toHaveBeenLastCalledWith(2);
  });

  it("badges the renderer's reported count without announcing it", () => {
    const { notifier, present, setBadgeCount } = setup();
    notifier.report(0);
    notifier.report(4);
    expect(setBadgeCount).toHaveBeenLastCalledWith(4);
    expect(present).not.toHaveBeenCalled();
  });

  it('starts a new baseline after the session changes', () => {
    const { notifier, present, setBadgeCount } = setup();
    notifier.receive(unread(1));
    notifier.reset();
    expect(setBadgeCount).toHaveBeenLastCalledWith(0);
    notifier.receive(unread(7));
    expect(present).not.toHaveBeenCalled();
  });

  it('a new order is announced as it comes, opening the seller’s orders; none when notifications are off', () => {
    const { notifier, present, state } = setup({ viewing: true });
    const order = (id: string, itemCount: number): LiveMessageEvent => ({
      type: 'order',
      unreadCount: 0,
      order: { id, number: 'IS-001042', title: 'Henry Big Boy .44', itemCount, total: 899.5 },
    });
    notifier.receive(order('9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f71', 1));
    expect(present).toHaveBeenCalledWith({
      title: 'New order IS-001042',
      body: 'Henry Big Boy .44, $899.50. Ready to ship.',
      path: '/dashboard/selling/orders',
    });
    expect(newOrderBody({ title: 'Glock 19', itemCount: 3, total: 1500 })).toBe(
      'Glock 19 and 2 more, $1,500.00. Ready to ship.',
    );
    state.enabled = false;
    notifier.receive(order('9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f72', 1));
    expect(present).toHaveBeenCalledTimes(1);
  });

  it('leaves the badge alone when it has none (the tray owns it)', () => {
    const present = vi.fn(() => true);
    const notifier = createUnreadNotifier({ present });
    notifier.receive(unread(1));
    notifier.receive(arrived(2));
    notifier.report(2);
    notifier.reset();
    expect(present).toHaveBeenCalledTimes(1);
  });

  it('words the body for one and for many', () => {
    expect(unreadMessagesBody(1)).toBe('You have 1 unread message.');
    expect(unreadMessagesBody(120)).toBe('You have 120 unread messages.');
  });
});

describe('desktop notices', () => {
  function presenterSetup(supported = true) {
    const shown: Array<{ content: { title: string; body: string }; click: () => void }> = [];
    const notifications: NotificationCenter = {
      isSupported: () => supported,
      show: (content, click) => shown.push({ content, click }),
    };
    const navigate = vi.fn();
    const focusWindow = vi.fn();
    const present = createNoticePresenter({ notifications, navigate, focusWindow });
    return { present, shown, navigate, focusWindow };
  }

  it('shows the title and body, and a click brings the window forward at the notice’s path', () => {
    const { present, shown, navigate, focusWindow } = presenterSetup();
    expect(
      present({
        title: 'New messages',
        body: 'You have 2 unread messages.',
        path: '/dashboard/messages/inbox',
      }),
    ).toBe(true);
    expect(shown[0]?.content).toEqual({ title: 'New messages', body: 'You have 2 unread messages.' });
    expect(navigate).not.toHaveBeenCalled();
    shown[0]?.click();
    expect(focusWindow).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/dashboard/messages/inbox');
  });

  it('drops every notice during the quiet hours', () => {
    const shown: string[] = [];
    const present = createNoticePresenter({
      notifications: { isSupported: () => true, show: (content) => shown.push(content.title) },
      navigate: vi.fn(),
      focusWindow: vi.fn(),
      isQuiet: () => true,
    });
    expect(present({ title: 'Outbid: Colt Python', body: 'Bid again', path: '/' })).toBe(false);
    expect(shown).toEqual([]);
  });

  it('drops the notice where the OS has no notifications', () => {
    const { present, shown } = presenterSetup(false);
    expect(present({ title: 'x', body: 'y', path: '/' })).toBe(false);
    expect(shown).toEqual([]);
  });
});

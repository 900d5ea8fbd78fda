import { describe, expect, it, vi } from 'vitest';
import type { DesktopNotice } from '../../shared/desktop-bridge.ts';
import { createNoticePresenter, type NotificationCenter } from '../../src-main/services/notices.ts';
import { createUnreadNotifier, unreadMessagesBody } from '../../src-main/services/unread-notifier.ts';

function setup() {
  const present = vi.fn((_notice: DesktopNotice) => true);
  const setBadgeCount = vi.fn((_count: number) => true);
  const notifier = createUnreadNotifier({ present, badge: { setBadgeCount } });
  return { notifier, present, setBadgeCount };
}

describe('unread messages notifier', () => {
  it('takes the first count after launch as the baseline, without a notification', () => {
    const { notifier, present, setBadgeCount } = setup();
    notifier.report(3);
    expect(present).not.toHaveBeenCalled();
    expect(setBadgeCount).toHaveBeenLastCalledWith(3);
  });

  it('notifies when the count goes up, with the count, opening the inbox', () => {
    const { notifier, present } = setup();
    notifier.report(3);
    notifier.report(5);
    expect(present).toHaveBeenCalledTimes(1);
    expect(present).toHaveBeenCalledWith({
      title: 'New messages',
      body: 'You have 5 unread messages.',
      path: '/dashboard/messages/inbox',
    });
  });

  it('stays quiet when the count is unchanged or goes down', () => {
    const { notifier, present, setBadgeCount } = setup();
    notifier.report(2);
    notifier.report(2);
    notifier.report(1);
    notifier.report(0);
    expect(present).not.toHaveBeenCalled();
    expect(setBadgeCount.mock.calls.map(([count]) => count)).toEqual([2, 2, 1, 0]);
  });

  it('notifies again after messages were read and new ones arrive', () => {
    const { notifier, present } = setup();
    notifier.report(0);
    notifier.report(1);
    notifier.report(0);
    notifier.report(1);
    expect(present).toHaveBeenCalledTimes(2);
    expect(present).toHaveBeenLastCalledWith(expect.objectContaining({ body: 'You have 1 unread message.' }));
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

  it('drops the notice where the OS has no notifications', () => {
    const { present, shown } = presenterSetup(false);
    expect(present({ title: 'x', body: 'y', path: '/' })).toBe(false);
    expect(shown).toEqual([]);
  });
});

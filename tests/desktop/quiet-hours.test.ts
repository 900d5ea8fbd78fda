import { describe, expect, it, vi } from 'vitest';
import { desktopInvokeChannels } from '../../shared/desktop-ipc.ts';
import {
  DEFAULT_QUIET_HOURS,
  isQuietTime,
  QUIET_HOURS_MESSAGES,
  type QuietHours,
  quietHoursSchema,
} from '../../shared/quiet-hours.ts';
import { createDesktopSettings, SETTINGS_FILE } from '../../src-main/services/desktop-settings.ts';
import { createNoticePresenter, type NotificationCenter } from '../../src-main/services/notices.ts';
import { createTrayModel } from '../../src-main/services/tray-model.ts';
import { createUnreadNotifier, fanOutNotifier } from '../../src-main/services/unread-notifier.ts';
import { bytes, FakeFs } from './fakes.ts';

/** A local date-time on an ordinary day (no daylight-saving change). */
const at = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(2025, 2, 14, hours, minutes, 30);
};
const on = (start: string, end: string): QuietHours => ({ enabled: true, start, end });

describe('quiet hours', () => {
  it('within a day: from the start included to the end excluded', () => {
    const hours = on('12:00', '13:30');
    expect(isQuietTime(hours, at('11:59'))).toBe(false);
    expect(isQuietTime(hours, at('12:00'))).toBe(true);
    expect(isQuietTime(hours, at('13:29'))).toBe(true);
    expect(isQuietTime(hours, at('13:30'))).toBe(false);
  });

  it('across midnight: the evening and the early morning, not the day', () => {
    const hours = on('22:00', '07:00');
    expect(isQuietTime(hours, at('21:59'))).toBe(false);
    expect(isQuietTime(hours, at('22:00'))).toBe(true);
    expect(isQuietTime(hours, at('23:59'))).toBe(true);
    expect(isQuietTime(hours, at('00:00'))).toBe(true);
    expect(isQuietTime(hours, at('06:59'))).toBe(true);
    expect(isQuietTime(hours, at('07:00'))).toBe(false);
    expect(isQuietTime(hours, at('12:00'))).toBe(false);
  });

  it('never while turned off', () => {
    expect(isQuietTime({ ...on('00:00', '23:59'), enabled: false }, at('12:00'))).toBe(false);
    expect(DEFAULT_QUIET_HOURS).toEqual({ enabled: false, start: '22:00', end: '07:00' });
  });

  it('accepts HH:MM times that differ, and nothing else', () => {
    expect(quietHoursSchema.safeParse(on('22:00', '07:00')).success).toBe(true);
    expect(quietHoursSchema.safeParse(on('00:00', '23:59')).success).toBe(true);
    const refused = [
      on('9:00', '17:00'),
      on('24:00', '07:00'),
      on('22:60', '07:00'),
      on('22:00', '07:00:00'),
      on('22:00', '22:00'),
      { enabled: 'yes', start: '22:00', end: '07:00' },
      { enabled: true, start: '22:00' },
      { ...on('22:00', '07:00'), timezone: 'UTC' },
    ];
    for (const value of refused)
      expect(quietHoursSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    const same = quietHoursSchema.safeParse(on('22:00', '22:00'));
    expect(same.error?.issues[0]).toMatchObject({ path: ['end'], message: QUIET_HOURS_MESSAGES.sameTimes });
  });

  it('the IPC channel takes the hours in that form only', () => {
    const { args, result } = desktopInvokeChannels['settings:quiet-hours:set'];
    expect(args.safeParse([on('22:00', '07:00')]).success).toBe(true);
    expect(args.safeParse([on('22:00', '22:00')]).success).toBe(false);
    expect(args.safeParse([]).success).toBe(false);
    expect(result.safeParse(DEFAULT_QUIET_HOURS).success).toBe(true);
    expect(
      desktopInvokeChannels['settings:quiet-hours:get'].args.safeParse([on('01:00', '02:00')]).success,
    ).toBe(false);
  });
});

describe('quiet hours in the desktop settings', () => {
  it('off by default; kept in the settings file beside the message-notification setting', async () => {
    const fs = new FakeFs();
    const settings = createDesktopSettings({ fs, directory: '/user-data' });
    await settings.load();
    expect(settings.quietHours()).toEqual(DEFAULT_QUIET_HOURS);
    await settings.setMessageNotifications(false);
    await expect(settings.setQuietHours(on('21:30', '06:45'))).resolves.toEqual(on('21:30', '06:45'));
    const reloaded = createDesktopSettings({ fs, directory: '/user-data' });
    await reloaded.load();
    expect(reloaded.quietHours()).toEqual(on('21:30', '06:45'));
    expect(reloaded.messageNotificationsEnabled()).toBe(false);
    expect(fs.modes.get(`/user-data/${SETTINGS_FILE}`)).toBe(0o600);
  });

  it('refuses hours in a wrong form and keeps the previous ones', async () => {
    const settings = createDesktopSettings({ fs: new FakeFs(), directory: '/user-data' });
    await settings.setQuietHours(on('22:00', '07:00'));
    await expect(settings.setQuietHours(on('07:00', '07:00'))).rejects.toThrow(
      QUIET_HOURS_MESSAGES.sameTimes,
    );
    expect(settings.quietHours()).toEqual(on('22:00', '07:00'));
  });

  it('a file written before quiet hours existed, or with them damaged, keeps its other settings', async () => {
    const fs = new FakeFs();
    const file = `/user-data/${SETTINGS_FILE}`;
    fs.files.set(file, bytes(JSON.stringify({ messageNotifications: false })));
    const settings = createDesktopSettings({ fs, directory: '/user-data' });
    await settings.load();
    expect(settings.quietHours()).toEqual(DEFAULT_QUIET_HOURS);
    expect(settings.messageNotificationsEnabled()).toBe(false);
    fs.files.set(
      file,
      bytes(JSON.stringify({ messageNotifications: false, quietHours: on('25:00', '07:00') })),
    );
    await settings.load();
    expect(settings.quietHours()).toEqual(DEFAULT_QUIET_HOURS);
    expect(settings.messageNotificationsEnabled()).toBe(false);
  });
});

describe('during quiet hours', () => {
  function setup(quiet: { now: boolean }) {
    const shown: string[] = [];
    const notifications: NotificationCenter = {
      isSupported: () => true,
      show: (content) => shown.push(content.title),
    };
    const present = createNoticePresenter({
      notifications,
      navigate: vi.fn(),
      focusWindow: vi.fn(),
      isQuiet: () => quiet.now,
    });
    const tray = createTrayModel();
    const live = fanOutNotifier(tray, createUnreadNotifier({ present }));
    return { present, shown, tray, live };
  }

  it('no notification is shown, while the badge and the tray still count what arrives', () => {
    const quiet = { now: true };
    const { present, shown, tray, live } = setup(quiet);
    live.receive({ type: 'unread', unreadCount: 0 });
    live.receive({
      type: 'message',
      unreadCount: 1,
      message: {
        id: '6f1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70',
        conversationId: '0b7e5a52-6f0e-4c1e-9d0a-1b2c3d4e5f60',
        senderDisplayName: 'Sam S.',
        subject: 'Walnut-stock lever rifle',
      },
    });
    live.receive({
      type: 'order',
      unreadCount: 1,
      order: {
        id: '9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f71',
        number: 'IS-001042',
        title: 'Henry Big Boy',
        itemCount: 1,
        total: 899,
      },
    });
    expect(
      present({ title: 'Inventory uploaded', body: '12 created', path: '/dashboard/selling/tools' }),
    ).toBe(false);
    expect(shown).toEqual([]);
    expect(tray.view().badgeCount).toBe(2);

    quiet.now = false;
    live.receive({
      type: 'order',
      unreadCount: 1,
      order: {
        id: '9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f72',
        number: 'IS-001043',
        title: 'Henry Big Boy',
        itemCount: 1,
        total: 899,
      },
    });
    expect(shown).toEqual(['New order IS-001043']);
    expect(tray.view().badgeCount).toBe(3);
  });
});

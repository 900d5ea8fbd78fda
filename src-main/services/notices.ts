/**
 * Shows desktop notifications. A click brings the window forward and opens the notice's app
 * path (e.g. the inbox). During the quiet hours none is shown: what it announced is still counted
 * by the badge and the tray menu.
 */
import type { DesktopNotice } from '../../shared/desktop-bridge.ts';

/** What the presenter needs from Electron's `Notification`. */
export interface NotificationCenter {
  isSupported(): boolean;
  show(content: { title: string; body: string }, onClick: () => void): void;
}

export interface NoticePresenterOptions {
  notifications: NotificationCenter;
  navigate(path: string): void;
  focusWindow(): void;
  /** True during the user's quiet hours. */
  isQuiet?: () => boolean;
}

/** Returns false when the notice is dropped: the OS offers no notifications, or it is quiet time. */
export type PresentNotice = (notice: DesktopNotice) => boolean;

export function createNoticePresenter(options: NoticePresenterOptions): PresentNotice {
  return (notice) => {
    if (options.isQuiet?.() === true || !options.notifications.isSupported()) return false;
    options.notifications.show({ title: notice.title, body: notice.body }, () => {
      options.focusWindow();
      options.navigate(notice.path);
    });
    return true;
  };
}

/**
 * Shows desktop notifications. A click brings the window forward and opens the notice's app
 * path (e.g. the inbox).
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
}

/** Returns false when the OS offers no notifications (the notice is dropped). */
export type PresentNotice = (notice: DesktopNotice) => boolean;

export function createNoticePresenter(options: NoticePresenterOptions): PresentNotice {
  return (notice) => {
    if (!options.notifications.isSupported()) return false;
    options.notifications.show({ title: notice.title, body: notice.body }, () => {
      options.focusWindow();
      options.navigate(notice.path);
    });
    return true;
  };
}

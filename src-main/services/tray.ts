/**
 * Draws the tray model with the OS: the tray icon's menu and tooltip, and the badge (the dock on
 * macOS, the launcher on Linux, an overlay dot on the Windows taskbar button). A click on an item
 * marks its page seen, brings the window forward and opens the page there.
 */
import type { TrayAction, TrayModel, TrayView } from './tray-model.ts';

/** One entry of the menu as the host builds it (Electron: a `MenuItemConstructorOptions`). */
export type TrayHostEntry = { type: 'separator' } | { type: 'normal'; label: string; click(): void };

/** What the tray needs from Electron's `Tray`, `Menu` and `app.setBadgeCount`. */
export interface TrayHost {
  setMenu(entries: readonly TrayHostEntry[]): void;
  setToolTip(text: string): void;
  /** The sum of what waits; 0 clears the badge. */
  setBadgeCount(count: number): void;
}

export interface TrayOptions {
  host: TrayHost;
  model: TrayModel;
  /** Opens an app path in the window (the app navigator). */
  navigate(path: string): void;
  /** Shows the window, restoring or opening it. */
  showWindow(): void;
  quit(): void;
  /** Windows and Linux read `&` in a menu label as a keyboard mnemonic; it is doubled there. */
  platform: NodeJS.Platform;
}

export interface TrayPresenter {
  /** Draws the current view again (e.g. the badge of a window opened since). */
  refresh(): void;
  dispose(): void;
}

/** A label as the OS menu shows it literally. */
export function menuLabel(text: string, platform: NodeJS.Platform): string {
  return platform === 'darwin' ? text : text.replaceAll('&', '&&');
}

/** The accessible description of the taskbar overlay (Windows reads it to screen-reader users). */
export function badgeDescription(count: number): string {
  return count === 1 ? '1 item waiting' : `${count} items waiting`;
}

export function createTray(options: TrayOptions): TrayPresenter {
  const run = (action: TrayAction) => {
    switch (action.kind) {
      case 'open':
        options.model.viewed(action.path);
        options.showWindow();
        options.navigate(action.path);
        return;
      case 'showWindow':
        options.showWindow();
        return;
      case 'quit':
        options.quit();
        return;
    }
  };

  const draw = (view: TrayView) => {
    options.host.setBadgeCount(view.badgeCount);
    options.host.setToolTip(view.tooltip);
    options.host.setMenu(
      view.menu.map((entry): TrayHostEntry => {
        if (entry.kind === 'separator') return { type: 'separator' };
        return {
          type: 'normal',
          label: menuLabel(entry.label, options.platform),
          click: () => run(entry.action),
        };
      }),
    );
  };

  draw(options.model.view());
  const unsubscribe = options.model.onChange(draw);
  return {
    refresh: () => draw(options.model.view()),
    dispose: unsubscribe,
  };
}

/**
 * A round red dot of `size` × `size` pixels as BGRA bytes (Electron's `nativeImage.createFromBitmap`),
 * for the Windows taskbar overlay, which has room for a sign but not for a number. Edge pixels are
 * partly transparent, so the dot is smooth.
 */
export function badgeDotBitmap(size = 16): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = size / 2;
  const radius = size / 2 - 0.5;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      const coverage = Math.min(1, Math.max(0, radius - distance + 0.5));
      const offset = (y * size + x) * 4;
      // Premultiplied #D93A2B (blue, green, red, alpha).
      pixels[offset] = Math.round(0x2b * coverage);
      pixels[offset + 1] = Math.round(0x3a * coverage);
      pixels[offset + 2] = Math.round(0xd9 * coverage);
      pixels[offset + 3] = Math.round(255 * coverage);
    }
  }
  return pixels;
}

import { createDesktopPlatform } from './desktop-platform.ts';
import type { Platform } from './platform.ts';
import { createWebPlatform } from './web-platform.ts';

let current: Platform | undefined;

/** The platform this renderer runs on: desktop when the preload exposed `window.desktop`, else web. */
export function getPlatform(): Platform {
  current ??= window.desktop ? createDesktopPlatform(window.desktop) : createWebPlatform(window);
  return current;
}

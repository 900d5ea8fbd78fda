import { createDesktopPlatform } from '../lib/platform/desktop-platform.ts';
import { createFakeDesktopBridge } from './fake-desktop-bridge.ts';

/** What `fetch` does without a connection: it rejects, no answer arrives. */
export function unreachable(): never {
  throw new TypeError('Failed to fetch');
}

/** The desktop client signed in with `token`, its outbox the fake bridge's (which records what is queued). */
export function desktopPlatform(token: string) {
  const bridge = createFakeDesktopBridge({ token });
  return { bridge, platform: createDesktopPlatform(bridge) };
}

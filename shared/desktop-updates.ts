/**
 * The desktop client's update feed, as the server serves it, the release step writes it and the
 * desktop client reads it (electron-updater's generic provider): one folder of feed files
 * (`latest*.yml`) and the installers they name, side by side under one address.
 */

/** Where the server serves the update folder; the desktop client's feed URL ends with it. */
export const DESKTOP_UPDATES_PATH = '/desktop/updates';

/**
 * The feed file of each platform, named as electron-updater's `latest` channel looks for it:
 * Windows without a suffix, macOS `-mac` (both architectures in one file), Linux `-linux` for
 * x64 and `-linux-<arch>` for the others.
 */
export const UPDATE_FEED_FILES = {
  windows: 'latest.yml',
  mac: 'latest-mac.yml',
  linux: 'latest-linux.yml',
  linuxArm64: 'latest-linux-arm64.yml',
  linuxArmv7l: 'latest-linux-armv7l.yml',
} as const;

export type UpdateFeedTarget = keyof typeof UPDATE_FEED_FILES;

/**
 * What the folder serves, by the end of the file name: the feed files and each installer format
 * the packaging builds (NSIS, DMG and the ZIP macOS updates from, AppImage, deb, rpm), plus the
 * block maps that let the client download only the blocks that changed.
 */
const FILE_TYPES: ReadonlyArray<readonly [suffix: string, contentType: string]> = [
  ['.yml', 'text/yaml; charset=utf-8'],
  ['.exe', 'application/vnd.microsoft.portable-executable'],
  ['.dmg', 'application/x-apple-diskimage'],
  ['.zip', 'application/zip'],
  ['.AppImage', 'application/vnd.appimage'],
  ['.deb', 'application/vnd.debian.binary-package'],
  ['.rpm', 'application/x-rpm'],
  ['.blockmap', 'application/octet-stream'],
];

/**
 * A name the folder may serve: letters, digits, `.`, `_`, `+` and `-` only, starting with a letter
 * or digit — no path separator, no parent folder, no hidden file, no drive letter.
 */
const SERVABLE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;

export interface UpdateFileKind {
  /** `feed`: read on every check, never kept stale; `installer`: never changes under its name. */
  kind: 'feed' | 'installer';
  contentType: string;
}

/** What a requested name is, or null when the folder never serves such a name. */
export function updateFileKind(name: string): UpdateFileKind | null {
  if (!SERVABLE_NAME.test(name) || name.includes('..')) return null;
  const type = FILE_TYPES.find(([suffix]) => name.endsWith(suffix) && name.length > suffix.length);
  if (!type) return null;
  return { kind: type[0] === '.yml' ? 'feed' : 'installer', contentType: type[1] };
}

/**
 * The desktop client's own settings (today: whether new messages raise a notification), kept as
 * JSON in the app's user-data folder. A missing or unreadable file means the defaults.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { VaultFs } from './token-vault.ts';

const settingsSchema = z.object({ messageNotifications: z.boolean().default(true) });
export type DesktopSettings = z.infer<typeof settingsSchema>;

export const SETTINGS_FILE = 'desktop-settings.json';

export interface DesktopSettingsStore {
  /** Loads the file once; until then (and when it fails) the defaults hold. */
  load(): Promise<void>;
  messageNotificationsEnabled(): boolean;
  setMessageNotifications(enabled: boolean): Promise<void>;
}

export function createDesktopSettings(options: {
  fs: Pick<VaultFs, 'readFile' | 'writeFile' | 'rename' | 'mkdir'>;
  directory: string;
}): DesktopSettingsStore {
  const file = join(options.directory, SETTINGS_FILE);
  let settings: DesktopSettings = settingsSchema.parse({});
  return {
    async load() {
      try {
        const text = new TextDecoder().decode(await options.fs.readFile(file));
        settings = settingsSchema.parse(JSON.parse(text));
      } catch {
        settings = settingsSchema.parse({});
      }
    },
    messageNotificationsEnabled: () => settings.messageNotifications,
    async setMessageNotifications(enabled) {
      settings = { ...settings, messageNotifications: enabled };
      await options.fs.mkdir(options.directory, { recursive: true, mode: 0o700 });
      const temporary = `${file}.tmp`;
      await options.fs.writeFile(temporary, new TextEncoder().encode(JSON.stringify(settings)), {
        mode: 0o600,
      });
      await options.fs.rename(temporary, file);
    },
  };
}

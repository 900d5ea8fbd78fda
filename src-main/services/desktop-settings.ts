/**
 * The desktop client's own settings (whether new messages raise a notification, the quiet hours),
 * kept as JSON in the app's user-data folder. A missing or unreadable file means the defaults; a
 * setting the file holds in a wrong form falls back to its default alone, keeping the others.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_QUIET_HOURS, type QuietHours, quietHoursSchema } from '../../shared/quiet-hours.ts';
import type { VaultFs } from './token-vault.ts';

const settingsSchema = z.object({
  messageNotifications: z.boolean().catch(true),
  quietHours: quietHoursSchema.catch(DEFAULT_QUIET_HOURS),
});
export type DesktopSettings = z.infer<typeof settingsSchema>;

export const SETTINGS_FILE = 'desktop-settings.json';

export interface DesktopSettingsStore {
  /** Loads the file once; until then (and when it fails) the defaults hold. */
  load(): Promise<void>;
  messageNotificationsEnabled(): boolean;
  setMessageNotifications(enabled: boolean): Promise<void>;
  quietHours(): QuietHours;
  /** Checked again here (the IPC layer checks too): a wrong form throws and nothing changes. */
  setQuietHours(hours: QuietHours): Promise<QuietHours>;
}

export function createDesktopSettings(options: {
  fs: Pick<VaultFs, 'readFile' | 'writeFile' | 'rename' | 'mkdir'>;
  directory: string;
}): DesktopSettingsStore {
  const file = join(options.directory, SETTINGS_FILE);
  const defaults = () => settingsSchema.parse({});
  let settings: DesktopSettings = defaults();

  const save = async (next: DesktopSettings) => {
    settings = next;
    await options.fs.mkdir(options.directory, { recursive: true, mode: 0o700 });
    const temporary = `${file}.tmp`;
    await options.fs.writeFile(temporary, new TextEncoder().encode(JSON.stringify(settings)), {
      mode: 0o600,
    });
    await options.fs.rename(temporary, file);
  };

  return {
    async load() {
      try {
        const text = new TextDecoder().decode(await options.fs.readFile(file));
        settings = settingsSchema.parse(JSON.parse(text));
      } catch {
        settings = defaults();
      }
    },
    messageNotificationsEnabled: () => settings.messageNotifications,
    async setMessageNotifications(enabled) {
      await save({ ...settings, messageNotifications: enabled });
    },
    quietHours: () => settings.quietHours,
    async setQuietHours(hours) {
      const checked = quietHoursSchema.parse(hours);
      await save({ ...settings, quietHours: checked });
      return checked;
    },
  };
}

/**
 * Quiet hours of the desktop client: a daily stretch of local time (it may cross midnight, e.g.
 * 22:00–07:00) during which no desktop notification is shown. The badge and the tray menu still
 * count what arrives, so nothing is lost, only not announced.
 */
import { z } from 'zod';

/** A time of day as `<input type="time">` gives it: `HH:MM`, 00:00 to 23:59. */
export const timeOfDaySchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 22:00.');

export const QUIET_HOURS_MESSAGES = {
  sameTimes: 'Quiet hours must start and end at different times.',
} as const;

export const quietHoursSchema = z
  .strictObject({
    enabled: z.boolean(),
    /** When the quiet stretch begins, in local time (included). */
    start: timeOfDaySchema,
    /** When it ends, in local time (excluded); earlier than `start` when it crosses midnight. */
    end: timeOfDaySchema,
  })
  .refine((hours) => hours.start !== hours.end, { error: QUIET_HOURS_MESSAGES.sameTimes, path: ['end'] });

export type QuietHours = z.infer<typeof quietHoursSchema>;

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '22:00', end: '07:00' };

/** Minutes since midnight of an `HH:MM` time. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * Whether `at` (read in the computer's local time) falls in the quiet hours: from `start`
 * included to `end` excluded, across midnight when `end` is earlier than `start`.
 */
export function isQuietTime(hours: QuietHours, at: Date): boolean {
  if (!hours.enabled) return false;
  const now = at.getHours() * 60 + at.getMinutes();
  const start = minutesOfDay(hours.start);
  const end = minutesOfDay(hours.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

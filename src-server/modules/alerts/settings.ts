import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AlertSettings,
  type alertSettingsInputSchema,
  DEFAULT_ALERT_SETTINGS,
} from '../../../shared/contract/alerts.ts';
import type { Database } from '../../db/client.ts';
import { alertSettings } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { findZipCentroid } from '../location/index.ts';

type AlertSettingsInput = z.output<typeof alertSettingsInputSchema>;
type AlertSettingsRow = typeof alertSettings.$inferSelect;

export const UNKNOWN_ZIP_MESSAGE = 'We do not know this ZIP code. Check it and try again.';

/** A stored row as the contract's settings; no row: the defaults. */
export function toAlertSettings(row: AlertSettingsRow | undefined): AlertSettings {
  if (!row) return DEFAULT_ALERT_SETTINGS;
  return {
    emailDigest: row.emailDigest,
    defaultFrequency: row.defaultFrequency,
    priceDrops: row.priceDrops,
    localListings: row.localListings,
    localZipCode: row.localZipCode,
    localDistance: row.localDistance,
  };
}

export async function getAlertSettings(db: Database, userId: string): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return toAlertSettings(row);
}

/**
 * Saves the caller's settings. Local-listing alerts count listings from the moment they are turned
 * on or moved to another ZIP code or distance, so a change never alerts about the area's whole stock.
 */
export async function updateAlertSettings(
  db: Database,
  userId: string,
  input: AlertSettingsInput,
): Promise<AlertSettings> {
  const zip = input.localZipCode?.slice(0, 5) ?? null;
  if (zip !== null && !(await findZipCentroid(db, zip))) {
    throw badRequest(UNKNOWN_ZIP_MESSAGE, { localZipCode: UNKNOWN_ZIP_MESSAGE });
  }
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(alertSettings)
      .where(eq(alertSettings.userId, userId))
      .for('update');
    const moved =
      !current?.localListings ||
      current.localZipCode !== zip ||
      current.localDistance !== input.localDistance;
    const values = {
      emailDigest: input.emailDigest,
      defaultFrequency: input.defaultFrequency,
      priceDrops: input.priceDrops,
      localListings: input.localListings,
      localZipCode: zip,
      localDistance: input.localDistance,
      // Database time, as the listings' start dates are.
      localSince: input.localListings && !moved && current?.localSince ? current.localSince : sql`now()`,
      localCheckedThrough: moved ? null : (current?.localCheckedThrough ?? null),
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(alertSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: alertSettings.userId, set: values })
      .returning();
    return toAlertSettings(row);
  });
}

/** Turns the digest e-mails off (the unsubscribe link); the dashboard alerts go on. */
export async function stopDigestEmails(db: Database, userId: string): Promise<void> {
  await db
    .insert(alertSettings)
    .values({ userId, emailDigest: false })
    .onConflictDoUpdate({
      target: alertSettings.userId,
      set: { emailDigest: false, updatedAt: new Date() },
    });
}

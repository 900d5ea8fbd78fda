/**
 * Buyer alerts: the settings of the alert job (saved-search matches, price drops on favorites,
 * new local listings), the unsubscribe link of its digest e-mail, and an admin's run of the job.
 * The alerts themselves are read through GET /users/getUserAlerts (users.ts).
 */
import { z } from 'zod';
import { DEFAULT_LOCAL_ALERT_DISTANCE, LOCAL_ALERT_DISTANCES } from '../domain/alerts.ts';
import { plainText } from '../domain/text.ts';
import { zipCodeSchema } from './common.ts';
import { defineEndpoint, type EndpointDefinition } from './endpoint.ts';
import { SavedSearchFrequency, savedSearchFrequencySchema } from './saved-searches.ts';

export const LOCAL_ZIP_REQUIRED_MESSAGE = 'Enter your ZIP code to hear about listings near you.';

const localDistanceSchema = z
  .int()
  .refine((miles) => (LOCAL_ALERT_DISTANCES as readonly number[]).includes(miles), {
    error: `Choose one of ${LOCAL_ALERT_DISTANCES.join(', ')} miles.`,
  });

/** A buyer's alert settings; an account that never saved any has the defaults. */
export const alertSettingsSchema = z.object({
  /** One digest e-mail per alert run with anything new; off, alerts only show on the dashboard. */
  emailDigest: z.boolean(),
  /** The frequency a new saved search starts with. */
  defaultFrequency: savedSearchFrequencySchema,
  /** Alert when a favorite's price drops. */
  priceDrops: z.boolean(),
  /** Alert about new local listings within `localDistance` miles of `localZipCode`. */
  localListings: z.boolean(),
  localZipCode: z.string().nullable(),
  localDistance: z.int(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  emailDigest: true,
  defaultFrequency: SavedSearchFrequency.Daily,
  priceDrops: true,
  localListings: false,
  localZipCode: null,
  localDistance: DEFAULT_LOCAL_ALERT_DISTANCE,
};

/** POST /users/alert-settings: the whole settings; local alerts need a ZIP code. */
export const alertSettingsInputSchema = z
  .object({
    emailDigest: z.boolean(),
    defaultFrequency: savedSearchFrequencySchema,
    priceDrops: z.boolean(),
    localListings: z.boolean(),
    localZipCode: zipCodeSchema.nullable(),
    localDistance: localDistanceSchema,
  })
  .refine((settings) => !settings.localListings || settings.localZipCode !== null, {
    path: ['localZipCode'],
    error: LOCAL_ZIP_REQUIRED_MESSAGE,
  });
export type AlertSettingsInput = z.input<typeof alertSettingsInputSchema>;

/** POST /alerts/unsubscribe: the token of a digest e-mail's link; works without signing in. */
export const alertUnsubscribeRequestSchema = z.object({ token: plainText().trim().min(16).max(2048) });
export type AlertUnsubscribeRequest = z.infer<typeof alertUnsubscribeRequestSchema>;

export const alertUnsubscribeResponseSchema = z.object({
  success: z.literal(true),
  /** The address that gets no more digests, shown so the reader knows which account it was. */
  email: z.string(),
});
export type AlertUnsubscribeResponse = z.infer<typeof alertUnsubscribeResponseSchema>;

export const INVALID_UNSUBSCRIBE_LINK_MESSAGE =
  'This unsubscribe link is not valid. Sign in and turn alert e-mails off under Buyer Tools.';

const tally = z.int().nonnegative();

/** What one run of the alert job did. */
export const alertRunResultSchema = z.object({
  /** Accounts whose alerts were looked at. */
  users: tally,
  /** User alerts added (one per saved search, per local-listing batch, per price drop). */
  alerts: tally,
  /** Digest e-mails sent. */
  emails: tally,
});
export type AlertRunResult = z.infer<typeof alertRunResultSchema>;

/** The calls served by `src-server/modules/alerts/`. */
export const ALERTS_ENDPOINTS = {
  usersGetAlertSettings: defineEndpoint({
    method: 'GET',
    path: '/users/alert-settings',
    summary: "The caller's alert settings.",
    access: 'user',
    response: alertSettingsSchema,
  }),
  usersUpdateAlertSettings: defineEndpoint({
    method: 'POST',
    path: '/users/alert-settings',
    summary: "Change the caller's alert settings.",
    access: 'user',
    body: alertSettingsInputSchema,
    response: alertSettingsSchema,
  }),
  alertsUnsubscribe: defineEndpoint({
    method: 'POST',
    path: '/alerts/unsubscribe',
    summary: 'Stop alert e-mails with the link of a digest e-mail.',
    access: 'public',
    body: alertUnsubscribeRequestSchema,
    response: alertUnsubscribeResponseSchema,
    rateLimited: true,
  }),
  alertsRun: defineEndpoint({
    method: 'POST',
    path: '/alerts/run',
    summary: 'Run the alert job now (it also runs on its own schedule).',
    access: 'admin',
    response: alertRunResultSchema,
  }),
} as const satisfies Record<string, EndpointDefinition>;

/**
 * Distributor feeds (issue: dealer inventory at scale): a dealer's registered feed of a
 * distributor's inventory file, how its items are priced, when it is pulled, and the record of
 * each pull. The endpoints that carry these schemas live in the users table (users.ts).
 */
import { z } from 'zod';
import { INVENTORY_COLUMNS } from '../domain/inventory-columns.ts';
import {
  MAX_MARKUP_AMOUNT,
  MAX_MARKUP_PERCENT,
  PriceMarkupKind,
  PriceRounding,
} from '../domain/price-rule.ts';

import { nameText } from '../domain/text.ts';
import { dateTimeSchema, moneySchema, uuidSchema } from './common.ts';
import { MB } from './endpoint.ts';
import { LISTING_DELIVERY_DAYS_DEFAULT, LISTING_DELIVERY_DAYS_MAX } from './listing-input.ts';

export const DistributorFeedFormat = {
  Rsr: 'rsr',
  Davidsons: 'davidsons',
  Lipseys: 'lipseys',
  Zanders: 'zanders',
  GenericCsv: 'generic-csv',
} as const;
export type DistributorFeedFormat = (typeof DistributorFeedFormat)[keyof typeof DistributorFeedFormat];

export const DISTRIBUTOR_FEED_FORMAT_NAMES: Readonly<Record<DistributorFeedFormat, string>> = {
  rsr: 'RSR Group inventory (semicolon-delimited)',
  davidsons: 'Davidson’s inventory CSV',
  lipseys: 'Lipsey’s catalog CSV',
  zanders: 'Zanders liveinv.csv',
  'generic-csv': 'Other CSV (map the columns)',
};

/** The largest feed file a dealer uploads or the server downloads. */
export const DISTRIBUTOR_FEED_MAX_BYTES = 50 * MB;

export const DistributorFeedSource = { Url: 'url', Upload: 'upload' } as const;
export type DistributorFeedSource = (typeof DistributorFeedSource)[keyof typeof DistributorFeedSource];

export const DistributorFeedSchedule = { Hourly: 'Hourly', Daily: 'Daily', Weekly: 'Weekly' } as const;
export type DistributorFeedSchedule = (typeof DistributorFeedSchedule)[keyof typeof DistributorFeedSchedule];

/** How long after a pull the next scheduled one is due. */
export const DISTRIBUTOR_FEED_INTERVAL_MS: Readonly<Record<DistributorFeedSchedule, number>> = {
  Hourly: 60 * 60 * 1000,
  Daily: 24 * 60 * 60 * 1000,
  Weekly: 7 * 24 * 60 * 60 * 1000,
};

export const DistributorFeedRunStatus = {
  Never: 'Never',
  Running: 'Running',
  Succeeded: 'Succeeded',
  Failed: 'Failed',
} as const;
export type DistributorFeedRunStatus =
  (typeof DistributorFeedRunStatus)[keyof typeof DistributorFeedRunStatus];

/**
 * The columns a generic CSV maps to (our column → the header in the dealer's file): the inventory
 * template's, where `price` is the distributor's cost that the price rule marks up, plus the minimum
 * advertised price and the MSRP. Category and condition may be left out (the words of the title
 * decide the family; items are new in box).
 */
export const FEED_MAPPING_COLUMNS = [...INVENTORY_COLUMNS, 'map_price', 'msrp'] as const;
export type FeedMappingColumn = (typeof FEED_MAPPING_COLUMNS)[number];
/** The columns a generic CSV must map. */
export const FEED_REQUIRED_COLUMNS: readonly FeedMappingColumn[] = [
  'stock_number',
  'title',
  'price',
  'quantity',
];

const headerText = z.string().trim().min(1).max(200);
/** A column left unmapped may be absent or undefined (a form sends its empty fields so). */
export const feedColumnMappingSchema = z.partialRecord(z.enum(FEED_MAPPING_COLUMNS), headerText.optional());
export type FeedColumnMapping = z.infer<typeof feedColumnMappingSchema>;

export const priceRuleSchema = z
  .object({
    markup: z.enum(PriceMarkupKind),
    amount: z.number().min(0, { error: 'The markup cannot be negative.' }),
    rounding: z.enum(PriceRounding),
  })
  .superRefine((rule, ctx) => {
    const max = rule.markup === PriceMarkupKind.Percent ? MAX_MARKUP_PERCENT : MAX_MARKUP_AMOUNT;
    if (rule.amount > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message:
          rule.markup === PriceMarkupKind.Percent
            ? `Enter a markup of at most ${MAX_MARKUP_PERCENT}%.`
            : `Enter a markup of at most $${MAX_MARKUP_AMOUNT.toLocaleString('en-US')}.`,
      });
    }
  });

/** At most this many line errors are kept per pull (the counts say how many failed in all). */
export const FEED_RUN_ERRORS_KEPT = 50;
/** The most recent pulls answered with a feed. */
export const FEED_RUNS_SHOWN = 5;

export const distributorFeedRunSchema = z.object({
  id: uuidSchema,
  status: z.enum(DistributorFeedRunStatus),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: dateTimeSchema,
  finishedAt: dateTimeSchema.nullable(),
  /** Data lines read from the file. */
  totalRows: z.int().min(0),
  created: z.int().min(0),
  updated: z.int().min(0),
  unchanged: z.int().min(0),
  closed: z.int().min(0),
  /** Items left as they are because the dealer edited their listing on the site (or it is frozen or sold). */
  skipped: z.int().min(0),
  /** Lines that could not be read or listed (errors below), plus items the engine skipped. */
  failed: z.int().min(0),
  /** A message for the whole pull (why it failed, or a summary). */
  message: z.string().nullable(),
  /** The first line errors: line 0 is an error of the file as a whole. */
  errors: z
    .array(z.object({ line: z.int().min(0), stockNumber: z.string().nullable(), message: z.string() }))
    .max(FEED_RUN_ERRORS_KEPT),
});
export type DistributorFeedRun = z.infer<typeof distributorFeedRunSchema>;

export const distributorFeedSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  source: z.enum(DistributorFeedSource),
  /** The feed's http(s) address (source url). */
  url: z.string().nullable(),
  /** The uploaded file's name (source upload). */
  fileName: z.string().nullable(),
  format: z.enum(DistributorFeedFormat),
  columnMapping: feedColumnMappingSchema.nullable(),
  priceRule: priceRuleSchema,
  /** The shipping charge and days to ship given to every listing of the feed. */
  shippingCost: moneySchema,
  deliveryDays: z.int().min(0).max(LISTING_DELIVERY_DAYS_MAX),
  schedule: z.enum(DistributorFeedSchedule),
  isActive: z.boolean(),
  /** The distributor its listings are filed under (search filter distributorId); null for a generic CSV. */
  distributorId: uuidSchema.nullable(),
  lastRunAt: dateTimeSchema.nullable(),
  lastStatus: z.enum(DistributorFeedRunStatus),
  lastMessage: z.string().nullable(),
  nextRunAt: dateTimeSchema.nullable(),
  createdAt: dateTimeSchema,
  /** The most recent pulls, newest first. */
  runs: z.array(distributorFeedRunSchema).max(FEED_RUNS_SHOWN),
});
export type DistributorFeed = z.infer<typeof distributorFeedSchema>;

const feedUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter the http(s) address of the feed.' })
  .max(2048);

/**
 * POST /users/ManageDistributorFeed (multipart: this JSON in the field `request`, an uploaded feed
 * file in `feedFile`): with `id`, updates one of the caller's feeds. A feed whose source is `upload`
 * needs a file when it is created; a later file replaces it. `pullNow` pulls the feed at once and
 * answers with that pull among its runs.
 */
export const distributorFeedInputSchema = z
  .object({
    id: uuidSchema.optional(),
    name: nameText({ error: 'Name the feed.' }).trim().min(1, { error: 'Name the feed.' }).max(100),
    source: z.enum(DistributorFeedSource).default(DistributorFeedSource.Url),
    url: z.preprocess((value) => (value === '' ? undefined : value), feedUrlSchema.optional()),
    format: z.enum(DistributorFeedFormat),
    columnMapping: feedColumnMappingSchema.optional(),
    priceRule: priceRuleSchema,
    shippingCost: moneySchema.default(0),
    deliveryDays: z
      .int({ error: `Enter whole days from 0 to ${LISTING_DELIVERY_DAYS_MAX}.` })
      .min(0, { error: `Enter whole days from 0 to ${LISTING_DELIVERY_DAYS_MAX}.` })
      .max(LISTING_DELIVERY_DAYS_MAX, { error: `Enter whole days from 0 to ${LISTING_DELIVERY_DAYS_MAX}.` })
      .default(LISTING_DELIVERY_DAYS_DEFAULT),
    schedule: z.enum(DistributorFeedSchedule).default(DistributorFeedSchedule.Daily),
    isActive: z.boolean().default(true),
    pullNow: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (input.source === DistributorFeedSource.Url && !input.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Enter the http(s) address of the feed.' });
    }
    if (input.format === DistributorFeedFormat.GenericCsv) {
      const missing = FEED_REQUIRED_COLUMNS.filter((column) => !input.columnMapping?.[column]);
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['columnMapping'],
          message: `Map the columns ${missing.join(', ')} of your file.`,
        });
      }
    }
  });
export type DistributorFeedInput = z.input<typeof distributorFeedInputSchema>;
export type DistributorFeedValues = z.output<typeof distributorFeedInputSchema>;

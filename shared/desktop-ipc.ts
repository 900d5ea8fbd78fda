/**
 * The typed IPC contract between the desktop main process and its preload. Every channel is
 * named once here with the zod schema of its arguments (checked by the main process, which
 * trusts nothing the renderer sends) and of its result (what the main process may send back;
 * unknown fields are stripped before they leave). No channel name is written anywhere else.
 */
import { z } from 'zod';
import { uuidSchema } from './contract/common.ts';
import { listingInputSchema } from './contract/listing-input.ts';
import { messageInputSchema } from './contract/messages.ts';
import { respondOfferRequestSchema } from './contract/offers.ts';
import { shipOrderRequestSchema } from './contract/orders.ts';
import type {
  DesktopBridge,
  FilePickKind,
  OutboxAction,
  OutboxItemView,
  OutboxSnapshot,
  UpdateState,
  WatchedFolderState,
} from './desktop-bridge.ts';
import { quietHoursSchema } from './quiet-hours.ts';

/**
 * An app path the renderer's router understands: absolute, URL-encoded (printable ASCII, no
 * spaces or backslashes), and never starting with two slashes, which a browser reads as a host.
 */
export const appPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[!-[\]-~]*$/, 'Expected an app path such as /dashboard');

/** Only web pages leave the app for the OS browser. */
export const externalUrlSchema = z.string().max(4096).refine(isHttpUrl, 'Expected an http(s) address');

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
  );
}

/** A bearer token as the API issues it (a JWT); whitespace or control characters mean tampering. */
export const sessionTokenSchema = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[\x21-\x7e]+$/, 'Expected a token');

const filePickKinds = [
  'bulkInventory',
  'identificationPhotos',
  'listingPhotos',
] as const satisfies readonly FilePickKind[];
export const filePickKindSchema = z.enum(filePickKinds);

export const desktopNoticeSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  body: z.string().max(500),
  path: appPathSchema,
});

export const unreadCountSchema = z.number().int().min(0).max(1_000_000);

const pickedFileSchema = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().int().min(0),
  data: z.instanceof(ArrayBuffer),
});

const isoDateTime = z.iso.datetime({ offset: true });
const rowCount = z.int().min(0);

export const watchedFolderStateSchema = z.object({
  folder: z.string().max(4096).nullable(),
  paused: z.boolean(),
  status: z.enum(['off', 'paused', 'watching', 'uploading', 'error']),
  pendingFiles: z.array(z.string().max(1024)).max(1000),
  lastRun: z
    .object({
      at: isoDateTime,
      fileName: z.string().max(1024),
      uploadId: uuidSchema,
      status: z.enum(['Processing', 'Completed', 'Failed']),
      createdCount: rowCount,
      updatedCount: rowCount,
      unchangedCount: rowCount,
      errorCount: rowCount,
      failureMessage: z.string().max(2000).nullable(),
    })
    .nullable(),
  lastError: z
    .object({ at: isoDateTime, fileName: z.string().max(1024).nullable(), message: z.string().max(2000) })
    .nullable(),
}) satisfies z.ZodType<WatchedFolderState>;

/** A value of the listing as the dealer saw it; only plain values are compared. */
const expectedValueSchema = z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]);

/**
 * An action for the offline outbox, checked with the same request schemas the server parses the
 * call with, so a queued action is one the server would accept in form.
 */
export const outboxActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('message'),
    input: messageInputSchema,
    conversationId: uuidSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('listingEdit'),
    input: listingInputSchema.refine((input) => input.id !== undefined, {
      error: 'Only an edit of an existing listing can wait offline.',
      path: ['id'],
    }),
    expected: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/), expectedValueSchema)
      .refine((fields) => Object.keys(fields).length <= 60, 'Expected at most 60 fields'),
  }),
  z.strictObject({ kind: z.literal('offerAnswer'), offerId: uuidSchema, answer: respondOfferRequestSchema }),
  z.strictObject({ kind: z.literal('orderShipping'), orderId: uuidSchema, shipment: shipOrderRequestSchema }),
]);
/** An outbox action after validation, as the main process keeps and sends it. */
export type ParsedOutboxAction = z.output<typeof outboxActionSchema>;

/** The bridge's action type is what the schema takes. */
type ActionAccepted = OutboxAction extends z.input<typeof outboxActionSchema> ? true : never;
const actionAccepted: ActionAccepted = true;
void actionAccepted;

export const outboxLabelSchema = z.string().trim().min(1).max(200);

export const outboxItemViewSchema = z.object({
  id: uuidSchema,
  kind: z.enum(['message', 'listingEdit', 'offerAnswer', 'orderShipping']),
  label: z.string().max(200),
  resource: z.string().max(200),
  queuedAt: isoDateTime,
  state: z.enum(['pending', 'conflict', 'rejected']),
  problem: z.string().max(2000).nullable(),
  attempts: z.int().min(0),
}) satisfies z.ZodType<OutboxItemView>;

export const outboxSnapshotSchema = z.object({
  items: z.array(outboxItemViewSchema),
  status: z.enum(['idle', 'sending', 'waiting', 'signedOut']),
  nextAttemptAt: isoDateTime.nullable(),
  persistent: z.boolean(),
}) satisfies z.ZodType<OutboxSnapshot>;

export const updateStateSchema = z.object({
  status: z.enum(['off', 'idle', 'checking', 'downloading', 'ready', 'error']),
  offReason: z.enum(['development', 'noFeed']).nullable(),
  currentVersion: z.string().max(100),
  version: z.string().max(100).nullable(),
  percent: z.number().min(0).max(100).nullable(),
  checkedAt: isoDateTime.nullable(),
  error: z.string().max(500).nullable(),
}) satisfies z.ZodType<UpdateState>;

interface InvokeChannelSpec {
  readonly args: z.ZodTuple;
  readonly result: z.ZodType;
}

/** Renderer → main requests (`ipcRenderer.invoke` / `ipcMain.handle`). */
export const desktopInvokeChannels = {
  'token-vault:get': { args: z.tuple([]), result: z.string().nullable() },
  'token-vault:set': { args: z.tuple([sessionTokenSchema]), result: z.void() },
  'token-vault:clear': { args: z.tuple([]), result: z.void() },
  'token-vault:is-strong': { args: z.tuple([]), result: z.boolean() },
  'admin-token-vault:get': { args: z.tuple([]), result: z.string().nullable() },
  'admin-token-vault:set': { args: z.tuple([sessionTokenSchema]), result: z.void() },
  'admin-token-vault:clear': { args: z.tuple([]), result: z.void() },
  'files:pick': { args: z.tuple([filePickKindSchema]), result: z.array(pickedFileSchema) },
  'notifications:show': { args: z.tuple([desktopNoticeSchema]), result: z.void() },
  'unread:report': { args: z.tuple([unreadCountSchema]), result: z.void() },
  'settings:message-notifications:get': { args: z.tuple([]), result: z.boolean() },
  'settings:message-notifications:set': { args: z.tuple([z.boolean()]), result: z.void() },
  'settings:quiet-hours:get': { args: z.tuple([]), result: quietHoursSchema },
  'settings:quiet-hours:set': { args: z.tuple([quietHoursSchema]), result: quietHoursSchema },
  'shell:open-external': { args: z.tuple([externalUrlSchema]), result: z.void() },
  'watched-folder:get': { args: z.tuple([]), result: watchedFolderStateSchema },
  'watched-folder:choose': { args: z.tuple([]), result: watchedFolderStateSchema },
  'watched-folder:clear': { args: z.tuple([]), result: watchedFolderStateSchema },
  'watched-folder:set-paused': { args: z.tuple([z.boolean()]), result: watchedFolderStateSchema },
  'outbox:list': { args: z.tuple([]), result: outboxSnapshotSchema },
  'outbox:enqueue': {
    args: z.tuple([outboxActionSchema, outboxLabelSchema.optional()]),
    result: outboxItemViewSchema,
  },
  'outbox:retry': { args: z.tuple([uuidSchema]), result: z.void() },
  'outbox:discard': { args: z.tuple([uuidSchema]), result: z.void() },
  'outbox:send-now': { args: z.tuple([]), result: z.void() },
  'updates:get': { args: z.tuple([]), result: updateStateSchema },
  'updates:restart': { args: z.tuple([]), result: z.boolean() },
} as const satisfies Record<string, InvokeChannelSpec>;

export type DesktopInvokeChannel = keyof typeof desktopInvokeChannels;

type ArgsSchemaOf<C extends DesktopInvokeChannel> = (typeof desktopInvokeChannels)[C]['args'];
type ResultSchemaOf<C extends DesktopInvokeChannel> = (typeof desktopInvokeChannels)[C]['result'];

/** Arguments as the renderer passes them. */
export type DesktopInvokeArgs<C extends DesktopInvokeChannel> =
  z.input<ArgsSchemaOf<C>> extends infer T extends readonly unknown[] ? T : never;
/** Arguments after validation, as a main-process handler receives them. */
export type DesktopInvokeParsedArgs<C extends DesktopInvokeChannel> =
  z.output<ArgsSchemaOf<C>> extends infer T extends readonly unknown[] ? T : never;
export type DesktopInvokeResult<C extends DesktopInvokeChannel> = z.output<ResultSchemaOf<C>>;

/** Main → renderer messages (`webContents.send` / `ipcRenderer.on`). */
export const desktopEventChannels = {
  /** A deep link or a notification click asks the renderer to show an app path. */
  navigate: appPathSchema,
  /** The watched inventory folder's state changed (a file was sent, an error, paused). */
  'watched-folder:changed': watchedFolderStateSchema,
  /** The outbox changed (an action queued, sent, held as a conflict). */
  'outbox:changed': outboxSnapshotSchema,
  /** The client's update state changed (found, downloaded and verified, failed). */
  'updates:changed': updateStateSchema,
} as const satisfies Record<string, z.ZodType>;

export type DesktopEventChannel = keyof typeof desktopEventChannels;
export type DesktopEventPayload<C extends DesktopEventChannel> = z.output<(typeof desktopEventChannels)[C]>;

/**
 * Values the preload needs synchronously at start-up. A sandboxed preload cannot read the main
 * process's environment, so the main process passes them as `additionalArguments`.
 */
export interface DesktopLaunchValues {
  apiOrigin: DesktopBridge['apiOrigin'];
  appVersion: DesktopBridge['appVersion'];
}

const LAUNCH_ARGUMENT_PREFIX = {
  apiOrigin: '--ironsight-api-origin=',
  appVersion: '--ironsight-app-version=',
} as const satisfies Record<keyof DesktopLaunchValues, string>;

export function formatLaunchArguments(values: DesktopLaunchValues): string[] {
  return [
    `${LAUNCH_ARGUMENT_PREFIX.apiOrigin}${values.apiOrigin}`,
    `${LAUNCH_ARGUMENT_PREFIX.appVersion}${values.appVersion}`,
  ];
}

/** Reads the launch values back from `process.argv`; a missing value is an empty string. */
export function parseLaunchArguments(argv: readonly string[]): DesktopLaunchValues {
  const read = (prefix: string) => argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? '';
  return {
    apiOrigin: read(LAUNCH_ARGUMENT_PREFIX.apiOrigin),
    appVersion: read(LAUNCH_ARGUMENT_PREFIX.appVersion),
  };
}

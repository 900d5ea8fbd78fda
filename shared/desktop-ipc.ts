/**
 * The typed IPC contract between the desktop main process and its preload. Every channel is
 * named once here with the zod schema of its arguments (checked by the main process, which
 * trusts nothing the renderer sends) and of its result (what the main process may send back;
 * unknown fields are stripped before they leave). No channel name is written anywhere else.
 */
import { z } from 'zod';
import type { DesktopBridge, FilePickKind } from './desktop-bridge.ts';

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
  'shell:open-external': { args: z.tuple([externalUrlSchema]), result: z.void() },
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

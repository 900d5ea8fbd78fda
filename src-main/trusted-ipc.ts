/**
 * The only way the main process answers the renderer. Each handler runs only for the main
 * window's own page (right webContents, top frame, served from the app origin) and only with
 * arguments that pass the channel's zod schema; what it returns is checked against the
 * channel's result schema, which also strips anything the contract does not declare.
 */
import type { z } from 'zod';
import {
  type DesktopEventChannel,
  type DesktopEventPayload,
  type DesktopInvokeChannel,
  type DesktopInvokeParsedArgs,
  type DesktopInvokeResult,
  desktopEventChannels,
  desktopInvokeChannels,
} from '../shared/desktop-ipc.ts';

/** The channel table seen per channel, so the schema looked up by a channel parses to that channel's types. */
type InvokeSchemas = {
  [C in DesktopInvokeChannel]: {
    args: z.ZodType<DesktopInvokeParsedArgs<C>>;
    result: z.ZodType<DesktopInvokeResult<C>>;
  };
};
const invokeSchemas: InvokeSchemas = desktopInvokeChannels;

/** What a handler needs from Electron's `IpcMainInvokeEvent`. */
export interface IpcInvokeEventLike {
  readonly sender: { readonly id: number };
  /** Null once the frame has navigated away or been destroyed. */
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** What the wrapper needs from Electron's `ipcMain`. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface TrustedIpcOptions {
  ipcMain: IpcMainLike;
  /** True only for the main window's webContents. */
  isTrustedWebContents(webContentsId: number): boolean;
  /** True for URLs of the app's own pages. */
  isAppUrl(url: string): boolean;
  /** Told why a call was refused or failed, for the log; the renderer gets a short message. */
  onRejected?(channel: DesktopInvokeChannel, reason: string): void;
}

export type DesktopHandler<C extends DesktopInvokeChannel> = (
  args: DesktopInvokeParsedArgs<C>,
) => DesktopInvokeResult<C> | Promise<DesktopInvokeResult<C>>;

export interface TrustedIpc {
  handle<C extends DesktopInvokeChannel>(channel: C, handler: DesktopHandler<C>): void;
  /** Removes every handler registered through this wrapper. */
  dispose(): void;
}

export function untrustedSenderReason(event: IpcInvokeEventLike, options: TrustedIpcOptions): string | null {
  if (!options.isTrustedWebContents(event.sender.id)) return `unknown webContents ${event.sender.id}`;
  const frame = event.senderFrame;
  if (frame === null) return 'sender frame is gone';
  if (frame.parent !== null && frame.parent !== undefined) return 'sub-frame sender';
  if (!options.isAppUrl(frame.url)) return `sender page is not the app (${frame.url})`;
  return null;
}

export function createTrustedIpc(options: TrustedIpcOptions): TrustedIpc {
  const registered = new Set<DesktopInvokeChannel>();

  return {
    handle<C extends DesktopInvokeChannel>(channel: C, handler: DesktopHandler<C>) {
      if (registered.has(channel)) throw new Error(`IPC channel ${channel} already has a handler`);
      const spec: InvokeSchemas[C] = invokeSchemas[channel];
      options.ipcMain.handle(channel, async (event, ...rawArgs) => {
        const untrusted = untrustedSenderReason(event, options);
        if (untrusted !== null) {
          options.onRejected?.(channel, untrusted);
          throw new Error('Refused: this request did not come from the Ironsight window');
        }
        const parsed = spec.args.safeParse(rawArgs);
        if (!parsed.success) {
          const summary = parsed.error.issues
            .map(
              (issue) =>
                `${issue.path.length ? `argument ${issue.path.join('.')}` : 'arguments'}: ${issue.message}`,
            )
            .join('; ');
          options.onRejected?.(channel, `invalid arguments — ${summary}`);
          throw new Error(`Invalid arguments for ${channel}: ${summary}`);
        }
        const result = await handler(parsed.data);
        const checked = spec.result.safeParse(result);
        if (!checked.success) {
          options.onRejected?.(channel, `handler returned an undeclared result — ${checked.error.message}`);
          throw new Error(`${channel} failed`);
        }
        return checked.data;
      });
      registered.add(channel);
    },
    dispose() {
      for (const channel of registered) options.ipcMain.removeHandler(channel);
      registered.clear();
    },
  };
}

/** What sending needs from Electron's `WebContents`. */
export interface RendererSink {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** Sends a typed event to the renderer; a payload that fails its schema is a bug and throws. */
export function sendDesktopEvent<C extends DesktopEventChannel>(
  target: RendererSink,
  channel: C,
  payload: DesktopEventPayload<C>,
): boolean {
  const checked = desktopEventChannels[channel].parse(payload);
  if (target.isDestroyed()) return false;
  target.send(channel, checked);
  return true;
}

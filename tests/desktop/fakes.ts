/**
 * In-memory stand-ins for the Electron objects the desktop services take, so the services run
 * in plain Node.
 */
import type { IpcInvokeEventLike, IpcMainLike } from '../../src-main/trusted-ipc.ts';

export const MAIN_WINDOW_ID = 1;

/** An invoke from the main window's top frame showing an app page. */
export function appPageEvent(overrides: Partial<IpcInvokeEventLike> = {}): IpcInvokeEventLike {
  return {
    sender: { id: MAIN_WINDOW_ID },
    senderFrame: { url: 'app://ironsight/dashboard/messages/inbox', parent: null },
    ...overrides,
  };
}

type Listener = (event: IpcInvokeEventLike, ...args: unknown[]) => unknown;

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Listener>();

  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** Calls a handler the way Electron does: the listener's result or rejection, as a promise. */
  async invoke(channel: string, event: IpcInvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const listener = this.handlers.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    return listener(event, ...args);
  }
}

/** A fake file system over a map of path → bytes, recording the file modes it was asked for. */
export class FakeFs {
  readonly files = new Map<string, Uint8Array>();
  readonly modes = new Map<string, number>();
  readonly directories = new Set<string>();

  async readFile(path: string): Promise<Uint8Array> {
    const data = this.files.get(path);
    if (!data) throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
    return data;
  }

  async writeFile(path: string, data: Uint8Array, options: { mode: number }): Promise<void> {
    this.files.set(path, new Uint8Array(data));
    this.modes.set(path, options.mode);
  }

  async rename(from: string, to: string): Promise<void> {
    const data = await this.readFile(from);
    this.files.delete(from);
    this.files.set(to, data);
    const mode = this.modes.get(from);
    if (mode !== undefined) this.modes.set(to, mode);
  }

  async rm(path: string): Promise<void> {
    this.files.delete(path);
  }

  async mkdir(path: string): Promise<undefined> {
    this.directories.add(path);
    return undefined;
  }

  async stat(path: string): Promise<{ size: number; isFile(): boolean }> {
    if (this.directories.has(path)) return { size: 0, isFile: () => false };
    const data = this.files.get(path);
    if (!data) throw Object.assign(new Error(`ENOENT: no such file, stat '${path}'`), { code: 'ENOENT' });
    return { size: data.byteLength, isFile: () => true };
  }
}

export const bytes = (text: string) => new TextEncoder().encode(text);

import { describe, expect, it, vi } from 'vitest';
import { createTrustedIpc, sendDesktopEvent, type TrustedIpcOptions } from '../../src-main/trusted-ipc.ts';
import { appPageEvent, FakeIpcMain, MAIN_WINDOW_ID } from './fakes.ts';

function setup() {
  const ipcMain = new FakeIpcMain();
  const onRejected = vi.fn<NonNullable<TrustedIpcOptions['onRejected']>>();
  const ipc = createTrustedIpc({
    ipcMain,
    isTrustedWebContents: (id) => id === MAIN_WINDOW_ID,
    isAppUrl: (url) => url.startsWith('app://ironsight/'),
    onRejected,
  });
  return { ipcMain, ipc, onRejected };
}

describe('trusted IPC', () => {
  it('runs the handler for the main window’s app page with validated arguments', async () => {
    const { ipcMain, ipc } = setup();
    const report = vi.fn();
    ipc.handle('unread:report', ([count]) => report(count));
    await expect(ipcMain.invoke('unread:report', appPageEvent(), 4)).resolves.toBeUndefined();
    expect(report).toHaveBeenCalledWith(4);
  });

  it('refuses a call from an unknown webContents without running the handler', async () => {
    const { ipcMain, ipc, onRejected } = setup();
    const get = vi.fn(async () => 'secret-token');
    ipc.handle('token-vault:get', get);
    await expect(ipcMain.invoke('token-vault:get', appPageEvent({ sender: { id: 99 } }))).rejects.toThrow(
      'Refused',
    );
    expect(get).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledWith('token-vault:get', 'unknown webContents 99');
  });

  it.each([
    ['a page that is not the app', { url: 'https://evil.example/', parent: null }],
    ['a dev-server look-alike', { url: 'http://localhost:5173/', parent: null }],
    ['a sub-frame of the app', { url: 'app://ironsight/ad', parent: { url: 'app://ironsight/' } }],
    ['a frame that is gone', null],
  ])('refuses a call from %s', async (_label, senderFrame) => {
    const { ipcMain, ipc } = setup();
    const get = vi.fn(async () => 'secret-token');
    ipc.handle('token-vault:get', get);
    await expect(ipcMain.invoke('token-vault:get', appPageEvent({ senderFrame }))).rejects.toThrow('Refused');
    expect(get).not.toHaveBeenCalled();
  });

  it.each([
    ['token-vault:set', []],
    ['token-vault:set', ['']],
    ['token-vault:set', [42]],
    ['token-vault:set', ['abc def']],
    ['token-vault:set', ['abc', 'extra']],
    ['files:pick', ['anyFile']],
    ['unread:report', [-1]],
    ['unread:report', [1.5]],
    ['unread:report', ['3']],
    ['notifications:show', [{ title: 'Hi', body: 'x', path: 'https://evil.example/' }]],
    ['notifications:show', [{ title: 'Hi', body: 'x', path: '//evil.example/' }]],
    ['notifications:show', [{ title: 'Hi', body: 'x', path: '/inbox', onClick: 'x' }]],
    ['shell:open-external', ['file:///etc/passwd']],
    ['shell:open-external', ['javascript:alert(1)']],
  ] as const)('rejects invalid arguments for %s: %j', async (channel, args) => {
    const { ipcMain, ipc } = setup();
    const handler = vi.fn();
    ipc.handle(channel, handler);
    await expect(ipcMain.invoke(channel, appPageEvent(), ...args)).rejects.toThrow(
      `Invalid arguments for ${channel}`,
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('strips fields the contract does not declare from a result', async () => {
    const { ipcMain, ipc } = setup();
    ipc.handle('files:pick', async () => {
      const file = {
        name: 'a.csv',
        type: 'text/csv',
        size: 1,
        data: new ArrayBuffer(1),
        path: '/home/u/a.csv',
      };
      return [file];
    });
    const [file] = (await ipcMain.invoke('files:pick', appPageEvent(), 'bulkInventory')) as Array<object>;
    expect(file).not.toHaveProperty('path');
    expect(file).toMatchObject({ name: 'a.csv', size: 1 });
  });

  it('refuses to send a result of the wrong shape', async () => {
    const { ipcMain, ipc, onRejected } = setup();
    ipc.handle('token-vault:is-strong', (() => 'yes') as never);
    await expect(ipcMain.invoke('token-vault:is-strong', appPageEvent())).rejects.toThrow(
      'token-vault:is-strong failed',
    );
    expect(onRejected).toHaveBeenCalled();
  });

  it('passes a service’s own error message through', async () => {
    const { ipcMain, ipc } = setup();
    ipc.handle('files:pick', async () => {
      throw new Error('"big.csv" is 25 MB. An inventory file can be at most 20 MB.');
    });
    await expect(ipcMain.invoke('files:pick', appPageEvent(), 'bulkInventory')).rejects.toThrow('25 MB');
  });

  it('registers a channel once and removes every handler on dispose', () => {
    const { ipcMain, ipc } = setup();
    ipc.handle('token-vault:clear', async () => {});
    expect(() => ipc.handle('token-vault:clear', async () => {})).toThrow('already has a handler');
    ipc.dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe('events to the renderer', () => {
  it('sends a checked app path', () => {
    const send = vi.fn();
    expect(
      sendDesktopEvent({ isDestroyed: () => false, send }, 'navigate', '/dashboard/messages/inbox'),
    ).toBe(true);
    expect(send).toHaveBeenCalledWith('navigate', '/dashboard/messages/inbox');
  });

  it('refuses a payload that is not an app path', () => {
    const send = vi.fn();
    expect(() =>
      sendDesktopEvent({ isDestroyed: () => false, send }, 'navigate', 'https://evil.example/'),
    ).toThrow();
    expect(send).not.toHaveBeenCalled();
  });

  it('does nothing once the window is gone', () => {
    const send = vi.fn();
    expect(sendDesktopEvent({ isDestroyed: () => true, send }, 'navigate', '/')).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });
});

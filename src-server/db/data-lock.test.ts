import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderLockedError, lockDataFolder } from './data-lock.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'ironsight-lock-'));
  folders.push(folder);
  return path.join(folder, 'pglite');
};

/** Another process that takes the lock on `folder` and holds it until killed. */
async function holderProcess(folder: string): Promise<ChildProcess> {
  const lockModule = path.join(import.meta.dirname, 'data-lock.ts');
  const script =
    `const { lockDataFolder } = await import(${JSON.stringify(lockModule)});` +
    `await lockDataFolder(${JSON.stringify(folder)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('locked');
  return child;
}

describe('data folder lock', () => {
  it('refuses a second process while the holder runs', async () => {
    const folder = tempFolder();
    await holderProcess(folder);
    await expect(lockDataFolder(folder)).rejects.toBeInstanceOf(DataFolderLockedError);
  }, 30_000);

  it('takes over at once from a holder killed with SIGKILL', async () => {
    const folder = tempFolder();
    const holder = await holderProcess(folder);
    holder.kill('SIGKILL');
    await once(holder, 'exit');

    const started = performance.now();
    const release = await lockDataFolder(folder);
    const waitedMs = performance.now() - started;
    // The lock would only go stale after 15 s; taking over must not wait for that.
    expect(waitedMs).toBeLessThan(2_000);
    // The new holder is protected in turn.
    await expect(lockDataFolder(folder)).rejects.toBeInstanceOf(DataFolderLockedError);
    await release();
    await (await lockDataFolder(folder))();
  }, 30_000);
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE, serverBuildReason } from './build-server.ts';

let root: string;

function write(file: string, content: string): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
}

/** Gives a file a modification time of its own, as an editor's save would. */
function touch(file: string, secondsAgo: number): void {
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(root, file), at, at);
}

const runBundle = () =>
  execFileSync(process.execPath, [path.join(root, SERVER_BUNDLE)], { encoding: 'utf8' }).trim();

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'server-bundle-'));
  write(
    'src-server/main.ts',
    "import { greeting } from './greeting.ts';\nconsole.log(greeting('dealer'));\n",
  );
  write('src-server/greeting.ts', "export const greeting = (who: string): string => 'hello ' + who;\n");
  write(
    'src-server/db/pglite-worker.ts',
    "const thread: string = 'database thread';\nconsole.log(thread);\n",
  );
  write('src-server/db/migrations/0000_first.sql', 'create table a (id int);');
  write('src-server/db/migrations/meta/_journal.json', '{"entries":[]}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the server bundle', () => {
  it("is one module that runs, with the migrations and the embedded database's thread beside it", async () => {
    expect(serverBuildReason(root)).toBe('no bundle yet');
    expect(await buildServer({ root })).toBe(true);
    expect(runBundle()).toBe('hello dealer');
    expect(
      execFileSync(process.execPath, [path.join(root, 'dist/server/pglite-worker.js')], {
        encoding: 'utf8',
      }).trim(),
    ).toBe('database thread');
    expect(readFileSync(path.join(root, 'dist/server/migrations/0000_first.sql'), 'utf8')).toContain(
      'create table',
    );
    expect(existsSync(path.join(root, 'dist/server/migrations/meta/_journal.json'))).toBe(true);
  });

  it('is built again only when a file it was built from, or a migration, changed', async () => {
    await buildServer({ root });
    expect(serverBuildReason(root)).toBeNull();
    expect(await buildServer({ root })).toBe(false);

    write('src-server/greeting.ts', "export const greeting = (who: string): string => 'welcome ' + who;\n");
    touch('src-server/greeting.ts', 5);
    expect(serverBuildReason(root)).toBe('src-server/greeting.ts changed');
    expect(await buildServer({ root })).toBe(true);
    expect(runBundle()).toBe('welcome dealer');

    write('src-server/db/migrations/0001_second.sql', 'create table b (id int);');
    expect(serverBuildReason(root)).toMatch(/migrations changed/);
    await buildServer({ root });
    expect(existsSync(path.join(root, 'dist/server/migrations/0001_second.sql'))).toBe(true);

    // A file no source imports is not an input.
    write('src-server/unused.ts', 'export const unused = 1;\n');
    expect(serverBuildReason(root)).toBeNull();
  });

  it('never looks current after a build that did not finish', async () => {
    await buildServer({ root });
    rmSync(path.join(root, 'dist/server/.build-stamp.json'));
    expect(serverBuildReason(root)).toBe('no record of the last build');
    write('src-server/main.ts', 'import { missing } from "./nowhere.ts";\nconsole.log(missing);\n');
    await expect(buildServer({ root, force: true })).rejects.toThrow();
    expect(serverBuildReason(root)).toBe('no record of the last build');
  });
});

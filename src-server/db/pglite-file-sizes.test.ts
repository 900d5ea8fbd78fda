import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepFileSizes } from './pglite-file-sizes.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ironsight-file-sizes-'));
let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create({ dataDir });
  keepFileSizes(db.Module);
}, 60_000);

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Each relation's file size as PostgreSQL sees it (a seek to its end, which is what it asks to learn
 * a relation's size; `pg_relation_size` reads the file's status instead) against its size on disk.
 * The relations are far smaller than a segment (1 GB): one file each.
 */
async function sizesSeenAndOnDisk(): Promise<{ name: string; seen: number; onDisk: number }[]> {
  const { rows } = await db.query<{ name: string; file: string }>(
    `select c.relname as name, pg_relation_filepath(c.oid) as file
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'i', 't') order by c.relname`,
  );
  const FS = db.Module.FS as unknown as {
    open(path: string, flags: number): object;
    llseek(stream: object, offset: number, whence: number): number;
    close(stream: object): void;
  };
  return rows.map(({ name, file }) => {
    const stream = FS.open(path.posix.join(PGlite.paths.PGDATA, file), 0);
    try {
      return { name, seen: FS.llseek(stream, 0, 2), onDisk: fs.statSync(path.join(dataDir, file)).size };
    } finally {
      FS.close(stream);
    }
  });
}

/** The rows of `t` read by a scan of the whole heap, which reads it to the size PostgreSQL sees. */
async function rowsScanned(): Promise<number> {
  const [row] = await db.transaction(async (tx) => {
    await tx.exec(`set local enable_indexscan = off; set local enable_bitmapscan = off;
      set local enable_indexonlyscan = off`);
    return (await tx.query<{ n: number }>(`select count(*)::int as n from t`)).rows;
  });
  return row?.n ?? -1;
}

async function expectSizesTrue() {
  const sizes = await sizesSeenAndOnDisk();
  expect(sizes.length).toBeGreaterThan(0);
  for (const { name, seen, onDisk } of sizes) expect(seen, name).toBe(onDisk);
  return sizes;
}

describe('the kept sizes of a data folder’s files', () => {
  it('is where the data folder is: on Node’s file system', () => {
    const { node } = db.Module.FS.lookupPath(PGlite.paths.PGDATA, {});
    expect(node.mount.type).toBe(db.Module.NODEFS);
  });

  it('follow every write, truncation and new file, as the disk has them', async () => {
    await db.exec(`create table t (id int primary key, body text)`);
    await db.exec(`insert into t select i, repeat('x', 200) from generate_series(1, 20000) i`);
    const grown = await expectSizesTrue();
    expect(await rowsScanned()).toBe(20000);
    expect(grown.find((size) => size.name === 't')?.seen).toBeGreaterThan(1_000_000);

    await db.exec(`create index t_body_idx on t (body, id)`);
    await db.exec(`insert into t select i, repeat('y', 300) from generate_series(20001, 30000) i`);
    await expectSizesTrue();

    // The last pages emptied: VACUUM truncates the heap's end (ftruncate), then rows are added again.
    await db.exec(`delete from t where id > 5000`);
    await db.exec(`vacuum t`);
    const shrunk = await expectSizesTrue();
    expect(shrunk.find((size) => size.name === 't')?.seen).toBeLessThan(
      grown.find((size) => size.name === 't')?.seen ?? 0,
    );
    expect(await rowsScanned()).toBe(5000);
    await db.exec(`insert into t select i, repeat('z', 100) from generate_series(5001, 9000) i`);
    await expectSizesTrue();
    expect(await rowsScanned()).toBe(9000);

    // New files under new names, and the old ones gone.
    await db.exec(`vacuum full t`);
    await expectSizesTrue();
    expect(await rowsScanned()).toBe(9000);
    await db.exec(`truncate t`);
    await db.exec(`insert into t values (1, 'one')`);
    const truncated = await expectSizesTrue();
    expect(truncated.find((size) => size.name === 't')?.seen).toBe(8192);
    expect(await rowsScanned()).toBe(1);
  });

  it('asks the disk for a file’s size once, not at every statement', async () => {
    await db.exec(`create table counted (id int primary key)`);
    await db.exec(`insert into counted select generate_series(1, 1000)`);
    await db.query(`select count(*) from counted where id > 10`);
    const fstat = vi.spyOn(fs, 'fstatSync');
    try {
      for (let run = 0; run < 20; run += 1) await db.query(`select count(*) from counted where id > ${run}`);
      expect(fstat).not.toHaveBeenCalled();
    } finally {
      fstat.mockRestore();
    }
  });

  it('leaves a database that opens again whole', async () => {
    await db.close();
    db = await PGlite.create({ dataDir });
    keepFileSizes(db.Module);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from t`)).rows[0]?.n).toBe(1);
    expect((await db.query<{ n: number }>(`select count(*)::int as n from counted`)).rows[0]?.n).toBe(1000);
    await expectSizesTrue();
  });
});

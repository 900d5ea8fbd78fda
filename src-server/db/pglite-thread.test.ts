import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './constraint-errors.ts';
import { PGliteThread } from './pglite-thread.ts';
import { inStatementScope, StatementQueue } from './statement-queue.ts';

const threads: PGliteThread[] = [];
async function thread(): Promise<PGliteThread> {
  const opened = await PGliteThread.open({ startParams: PGlite.defaultStartParams });
  threads.push(opened);
  await opened.exec('create table items (id int primary key, note text, doc jsonb, at timestamptz)');
  return opened;
}
afterEach(async () => {
  await Promise.all(threads.splice(0).map((opened) => opened.close()));
});

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

const ids = async (db: PGliteThread) =>
  (await db.query<{ id: number }>('select id from items order by id')).rows.map((row) => row.id);

describe('embedded PGlite on a thread of its own', { timeout: 30_000 }, () => {
  it('answers statements as PGlite does: rows by name or in arrays, JSON parsed, text kept where asked', async () => {
    const db = await thread();
    await db.query('insert into items values ($1, $2, $3, $4)', [
      1,
      'first',
      JSON.stringify({ a: [1, 2] }),
      '2026-01-02T03:04:05Z',
    ]);

    const byName = await db.query<{ id: number; doc: unknown; at: unknown }>('select id, doc, at from items');
    expect(byName.rows).toEqual([{ id: 1, doc: { a: [1, 2] }, at: new Date('2026-01-02T03:04:05Z') }]);
    expect(byName.fields.map((field) => field.name)).toEqual(['id', 'doc', 'at']);

    const keepText = (value: string) => value;
    const inArrays = await db.query('select id, doc, at from items', [], {
      rowMode: 'array',
      parsers: { 1184: keepText },
    });
    expect(inArrays.rows).toEqual([[1, { a: [1, 2] }, '2026-01-02 03:04:05+00']]);

    const [, selected] = await db.exec("update items set note = 'changed'; select note from items");
    expect(selected?.rows).toEqual([{ note: 'changed' }]);

    // Rows by name keep the last column of a name, parsed by its own type.
    expect((await db.query(`select '"a"'::jsonb as x, '"b"'::jsonb as x`)).rows).toEqual([{ x: 'b' }]);
    expect((await db.query(`select '{"a":1}'::jsonb as x, '[2]' as x`)).rows).toEqual([{ x: '[2]' }]);
    // A parameter that cannot cross threads fails its call alone.
    await expect(db.query('select $1::text as t', [() => 'no'])).rejects.toThrow(/could not be cloned/);
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses a result parser that would have to run on the database thread', async () => {
    const db = await thread();
    await expect(
      db.query('select 1 as one', [], { parsers: { 23: (value: string) => Number(value) * 2 } }),
    ).rejects.toThrow(/cannot run on the database's thread/);
  });

  it("keeps the database error's fields, so a unique violation is recognised", async () => {
    const db = await thread();
    await db.query('insert into items (id) values (1)');
    const error = await db.query('insert into items (id) values (1)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect(isUniqueViolation(error, 'items_pkey')).toBe(true);
  });

  it('commits a transaction that returns, rolls back one that throws or rolls itself back', async () => {
    const db = await thread();
    await db.transaction(async (tx) => {
      await tx.query('insert into items (id) values (1)');
      await tx.query('insert into items (id) values (2)');
    });
    const failure = new Error('stop');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into items (id) values (3)');
        throw failure;
      }),
    ).rejects.toBe(failure);
    await db.transaction(async (tx) => {
      await tx.query('insert into items (id) values (4)');
      await tx.rollback();
      await expect(tx.query('select 1')).rejects.toThrow(/closed/);
    });
    // A statement that fails inside the transaction fails the whole of it.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into items (id) values (5)');
        await tx.query('insert into items (id) values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ids(db)).toEqual([1, 2]);
  });

  it('runs statements sent meanwhile after a transaction, never inside it', async () => {
    const db = await thread();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into items (id) values (1)');
      await held;
      await tx.query('insert into items (id) values (2)');
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = db.query<{ n: number }>('select count(*)::int as n from items');
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    // Run after the rollback: it saw none of the transaction's rows.
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('leaves the server thread free while a statement runs', async () => {
    const db = await thread();
    const statement = db.query('select pg_sleep(0.6)');
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // On one thread the timer would fire only once the statement had ended.
    expect(performance.now() - started).toBeLessThan(300);
    await statement;
  });

  it('gives up on a unit that waited its longest behind slow work: 503, and it never runs', async () => {
    const db = await thread();
    // Two units on the thread at once, as the server sends them; at most 200 ms for a turn.
    const queue = new StatementQueue({ concurrency: 2, limit: 10, maxWaitMs: 200 });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const slow = queue.run(() => db.query('select pg_sleep(1)'));
    await sleep(50);
    let started = performance.now();
    const waiting = queue.run(() => db.query('insert into items (id) values (1)'));
    const givenUp = {
      ok: false,
      error: expect.objectContaining({ message: expect.stringMatching(/waited its longest/) }),
    };
    expect(await settle(waiting)).toMatchObject(givenUp);
    expect(performance.now() - started).toBeLessThan(400);
    const transaction = queue.run(() =>
      db.transaction((tx) => tx.query('insert into items (id) values (2)')),
    );
    expect(await settle(transaction)).toMatchObject(givenUp);
    await slow;
    expect(await ids(db)).toEqual([]);

    // The wait in the queue counts: a unit that waited 150 ms there for a slot has 50 ms left.
    const fresh = new StatementQueue({ concurrency: 2, limit: 10, maxWaitMs: 200 });
    const again = fresh.run(() => db.query('select pg_sleep(0.8)'));
    await sleep(50);
    const holder = fresh.run(() => sleep(150));
    started = performance.now();
    const late = await settle(fresh.run(() => db.query('insert into items (id) values (3)')));
    expect(late).toMatchObject(givenUp);
    expect(performance.now() - started).toBeLessThan(300);
    await holder;

    // Background work waits as long as it takes.
    await inStatementScope(() => fresh.run(() => db.query('insert into items (id) values (4)')), {
      background: true,
    });
    await again;
    expect(await ids(db)).toEqual([4]);
  });

  it('delivers notifications to listeners of their channel until they stop', async () => {
    const db = await thread();
    const heard: string[] = [];
    const stop = await db.listen('Item_Changes', (payload) => heard.push(payload));
    await db.query("select pg_notify('item_changes', 'one')");
    await db.query("select pg_notify('other', 'elsewhere')");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['one']);
    await stop();
    await db.query("select pg_notify('item_changes', 'two')");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['one']);
  });

  it('says once that its thread stopped (out of memory), and fails every call after', async () => {
    const stopped: Error[] = [];
    const db = await PGliteThread.open({
      startParams: PGlite.defaultStartParams,
      resourceLimits: { maxOldGenerationSizeMb: 32 },
      onStopped: (error) => stopped.push(error),
    });
    threads.push(db);
    const huge = db.query(`select repeat('x', 1000000) as text from generate_series(1, 300)`);
    await expect(huge).rejects.toThrow(/memory/);
    await expect(db.query('select 1')).rejects.toThrow(/memory/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toHaveLength(1);
    // Closed on purpose, a thread says nothing.
    const closed: Error[] = [];
    const other = await PGliteThread.open({
      startParams: PGlite.defaultStartParams,
      onStopped: (error) => closed.push(error),
    });
    await other.close();
    expect(closed).toEqual([]);
  });

  it('refuses calls once closed', async () => {
    const db = await PGliteThread.open({ startParams: PGlite.defaultStartParams });
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow(/closed/);
  });
});

/**
 * The offline outbox on a temporary folder of real files, against a fake server that can be cut
 * off and that applies each idempotency key once, as the server is meant to.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopNotice } from '../../shared/desktop-bridge.ts';
import { outboxActionSchema, type ParsedOutboxAction } from '../../shared/desktop-ipc.ts';
import type { StateFileFs } from '../../src-main/services/atomic-file.ts';
import {
  createOutbox,
  OUTBOX_FILE_NAME,
  type OutboxAnswer,
  type OutboxCipher,
  type OutboxTransport,
  RETRY_FIRST_MS,
  resourceOf,
} from '../../src-main/services/outbox.ts';

const DEALER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const LISTING = '7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f61';
const OTHER_LISTING = '7d0c5a52-6f0e-4c1e-9d0a-1b2c3d4e5f62';
const OFFER = '5a1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f70';
const ORDER = '9b1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f71';
const RECIPIENT = '3c1c2d9e-1b7a-4c1e-9f0a-2b3c4d5e6f72';

const parse = (action: unknown): ParsedOutboxAction => outboxActionSchema.parse(action);
const shipping = (trackingNumber: string) =>
  parse({ kind: 'orderShipping', orderId: ORDER, shipment: { carrier: 'UPS', trackingNumber } });
const offerAnswer = () => parse({ kind: 'offerAnswer', offerId: OFFER, answer: { action: 'accept' } });
const message = (body: string) =>
  parse({ kind: 'message', input: { recipientId: RECIPIENT, subject: 'Glock 19', body } });
const listingEdit = (id: string, price: number) =>
  parse({
    kind: 'listingEdit',
    input: {
      id,
      title: 'Glock 19 Gen 5',
      description: 'Like new, two magazines.',
      familyId: 1,
      condition: 'Used',
      quantity: 1,
      price,
    },
    expected: { price: 549 },
  });

/** A server that applies each idempotency key once and answers a repeat as the first time. */
class FakeServer implements OutboxTransport {
  online = true;
  /** Idempotency key → times the request arrived. */
  readonly deliveries = new Map<string, number>();
  /** What was applied, in order (one entry per key). */
  readonly applied: Array<{ key: string; action: ParsedOutboxAction }> = [];
  /** Answers by resource, used once each, before the default 200. */
  readonly answers = new Map<string, OutboxAnswer[]>();

  async send({ action, idempotencyKey }: { action: ParsedOutboxAction; idempotencyKey: string }) {
    if (!this.online) throw new TypeError('fetch failed');
    this.deliveries.set(idempotencyKey, (this.deliveries.get(idempotencyKey) ?? 0) + 1);
    const planned = this.answers.get(resourceOf(action))?.shift();
    if (planned) return planned;
    if (!this.applied.some((entry) => entry.key === idempotencyKey)) {
      this.applied.push({ key: idempotencyKey, action });
    }
    return { status: 200, message: null };
  }

  labels() {
    return this.applied.map(({ action }) =>
      action.kind === 'orderShipping' ? action.shipment.trackingNumber : action.kind,
    );
  }
}

/** Reversible and obviously not plain text. */
const fakeCipher = (available = true): OutboxCipher => ({
  isAvailable: () => available,
  encrypt: (plain) => new TextEncoder().encode(`enc:${Buffer.from(plain).toString('base64')}`),
  decrypt: (data) => {
    const text = new TextDecoder().decode(data);
    if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided');
    return Buffer.from(text.slice(4), 'base64').toString();
  },
});

class FakeTimers {
  private pending: Array<{ callback: () => void; ms: number; handle: number }> = [];
  private next = 1;
  setTimeout = (callback: () => void, ms: number) => {
    const handle = this.next++;
    this.pending.push({ callback, ms, handle });
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.pending = this.pending.filter((timer) => timer.handle !== handle);
  };
  get count() {
    return this.pending.length;
  }
  /** Runs the timers due now. */
  fire() {
    const due = this.pending;
    this.pending = [];
    for (const timer of due) timer.callback();
  }
}

let folder: string;
let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
const realFs: StateFileFs = { readFile, writeFile, rename, mkdir };

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ironsight-outbox-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function setup(
  options: {
    server?: FakeServer;
    fs?: StateFileFs;
    cipher?: OutboxCipher;
    account?: () => string | null;
  } = {},
) {
  const server = options.server ?? new FakeServer();
  const timers = new FakeTimers();
  const notices: DesktopNotice[] = [];
  const clock = { time: 1_750_000_000_000, now: () => clock.time };
  const session = { account: DEALER as string | null };
  const outbox = createOutbox({
    fs: options.fs ?? realFs,
    directory: folder,
    cipher: options.cipher ?? fakeCipher(),
    transport: server,
    currentAccount: async () => (options.account ? options.account() : session.account),
    notify: (notice) => notices.push(notice),
    clock,
    timers,
    newId: uuid,
  });
  return { outbox, server, timers, notices, clock, session };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const queueFile = () => join(folder, OUTBOX_FILE_NAME);

describe('offline outbox', () => {
  it('keeps actions on disk, encrypted, while the server cannot be reached, then sends them in order', async () => {
    const { outbox, server, timers, clock } = setup();
    server.online = false;
    await outbox.load();
    const first = await outbox.enqueue(shipping('1Z999AA10123456784'));
    await outbox.enqueue(offerAnswer());
    await outbox.enqueue(message('Still available?'), 'Reply to Sam');
    await outbox.flush();

    expect(first).toMatchObject({
      kind: 'orderShipping',
      label: 'Shipping update: UPS 1Z999AA10123456784',
      resource: `order:${ORDER}`,
      state: 'pending',
    });
    const snapshot = outbox.snapshot();
    expect(snapshot.status).toBe('waiting');
    expect(snapshot.persistent).toBe(true);
    // Each failed round (queuing starts one) doubles the wait, from 5 s.
    const wait = Date.parse(snapshot.nextAttemptAt ?? '') - clock.time;
    expect([2, 4, 8, 16].map((factor) => factor * RETRY_FIRST_MS)).toContain(wait);
    expect(snapshot.items.map((item) => item.label)).toEqual([
      'Shipping update: UPS 1Z999AA10123456784',
      'Offer accepted',
      'Reply to Sam',
    ]);
    const onDisk = await readFile(queueFile(), 'utf8');
    expect(onDisk.startsWith('enc:')).toBe(true);
    expect(onDisk).not.toContain('1Z999AA10123456784');

    server.online = true;
    timers.fire();
    await settle();
    await outbox.flush();
    expect(server.labels()).toEqual(['1Z999AA10123456784', 'offerAnswer', 'message']);
    expect(outbox.snapshot()).toMatchObject({ items: [], status: 'idle', nextAttemptAt: null });
    const reread = setup();
    await reread.outbox.load();
    expect(reread.outbox.snapshot().items).toEqual([]);
  });

  it('sends every attempt of an action with the key fixed when it was queued', async () => {
    const { outbox, server, timers } = setup();
    server.online = false;
    await outbox.load();
    const queued = await outbox.enqueue(shipping('1Z0001'));
    await outbox.flush();
    timers.fire();
    await settle();
    await outbox.flush();
    server.online = true;
    timers.fire();
    await settle();
    await outbox.flush();
    expect([...server.deliveries.entries()]).toEqual([[queued.id, 1]]);
    expect(server.applied).toHaveLength(1);
  });

  it('resumes after a crash in the middle and applies each action once', async () => {
    const server = new FakeServer();
    server.online = false;
    let crashed = false;
    let writesLeft = Number.POSITIVE_INFINITY;
    /** The process dies on the write that would drop the first sent action from the file. */
    const dying: StateFileFs = {
      ...realFs,
      rename: async (from, to) => {
        writesLeft -= 1;
        if (writesLeft < 0 || crashed) {
          crashed = true;
          throw new Error('killed');
        }
        return rename(from, to);
      },
    };
    const before = setup({ server, fs: dying });
    await before.outbox.load();
    const queued = [
      await before.outbox.enqueue(shipping('1Z0001')),
      await before.outbox.enqueue(shipping('1Z0002')),
      await before.outbox.enqueue(shipping('1Z0003')),
    ];
    await before.outbox.flush();
    writesLeft = 0;
    server.online = true;
    await before.outbox.flush();
    before.outbox.stop();
    expect(crashed).toBe(true);
    expect(server.labels()).toEqual(['1Z0001']);

    const after = setup({ server });
    await after.outbox.load();
    expect(after.outbox.snapshot().items.map((item) => item.id)).toEqual(queued.map((item) => item.id));
    await settle();
    await after.outbox.flush();
    expect(after.outbox.snapshot().items).toEqual([]);
    expect(server.labels()).toEqual(['1Z0001', '1Z0002', '1Z0003']);
    expect(server.deliveries.get(queued[0]!.id)).toBe(2);
    expect(server.deliveries.get(queued[1]!.id)).toBe(1);
    expect(server.deliveries.get(queued[2]!.id)).toBe(1);
  });

  it('holds a conflict for the dealer, holds later actions on that record, and sends the rest', async () => {
    const server = new FakeServer();
    server.answers.set(`listing:${LISTING}`, [
      { status: 412, message: 'The listing changed since you edited it (price).' },
    ]);
    const { outbox, notices } = setup({ server });
    await outbox.load();
    server.online = false;
    const conflicting = await outbox.enqueue(listingEdit(LISTING, 499));
    const behind = await outbox.enqueue(listingEdit(LISTING, 479));
    await outbox.enqueue(listingEdit(OTHER_LISTING, 899));
    await outbox.enqueue(shipping('1Z0001'));
    server.online = true;
    await outbox.flush();

    expect(server.applied.map(({ action }) => resourceOf(action))).toEqual([
      `listing:${OTHER_LISTING}`,
      `order:${ORDER}`,
    ]);
    expect(outbox.snapshot().items).toMatchObject([
      { id: conflicting.id, state: 'conflict', problem: 'The listing changed since you edited it (price).' },
      { id: behind.id, state: 'pending', problem: null },
    ]);
    expect(outbox.snapshot().status).toBe('idle');
    expect(notices).toEqual([
      {
        title: 'Not sent, it changed meanwhile: Listing edit: Glock 19 Gen 5',
        body: 'The listing changed since you edited it (price).',
        path: `/dashboard/selling/list-item?id=${LISTING}`,
      },
    ]);

    // The dealer looks and drops the stale edit: the one behind it goes.
    await outbox.discard(conflicting.id);
    await outbox.flush();
    expect(outbox.snapshot().items).toEqual([]);
    expect(server.deliveries.has(conflicting.id)).toBe(true);
    expect(server.applied.map(({ key }) => key)).not.toContain(conflicting.id);
    expect(server.applied.at(-1)?.key).toBe(behind.id);
  });

  it('sends a held action again, as it is, when the dealer asks', async () => {
    const server = new FakeServer();
    server.answers.set(`offer:${OFFER}`, [{ status: 409, message: 'This offer was withdrawn.' }]);
    const { outbox } = setup({ server });
    await outbox.load();
    const held = await outbox.enqueue(offerAnswer());
    await outbox.flush();
    expect(outbox.snapshot().items[0]).toMatchObject({ state: 'conflict', attempts: 1 });
    await outbox.retry(held.id);
    await outbox.flush();
    expect(outbox.snapshot().items).toEqual([]);
    expect(server.applied.map(({ key }) => key)).toEqual([held.id]);
  });

  it('holds a refused action as rejected with the server’s reason', async () => {
    const server = new FakeServer();
    server.answers.set(`order:${ORDER}`, [{ status: 400, message: 'Enter the tracking number.' }]);
    const { outbox } = setup({ server });
    await outbox.load();
    await outbox.enqueue(shipping('1Z0001'));
    await outbox.enqueue(offerAnswer());
    await outbox.flush();
    expect(outbox.snapshot().items).toMatchObject([
      { state: 'rejected', problem: 'Enter the tracking number.' },
    ]);
    expect(server.labels()).toEqual(['offerAnswer']);
  });

  it('stops the round on a server failure and tries again after the backoff', async () => {
    const server = new FakeServer();
    const { outbox, timers } = setup({ server });
    await outbox.load();
    server.online = false;
    await outbox.enqueue(shipping('1Z0001'));
    await outbox.enqueue(offerAnswer());
    await outbox.flush();
    timers.fire();
    server.online = true;
    server.answers.set(`order:${ORDER}`, [{ status: 503, message: 'Try again later.' }]);
    await outbox.flush();
    expect(outbox.snapshot()).toMatchObject({ status: 'waiting' });
    expect(server.applied).toEqual([]);
    expect(timers.count).toBe(1);
    timers.fire();
    await settle();
    await outbox.flush();
    expect(server.labels()).toEqual(['1Z0001', 'offerAnswer']);
  });

  it('sends and lists an account’s actions only while that account is signed in', async () => {
    const { outbox, server, session } = setup();
    await outbox.load();
    server.online = false;
    await outbox.enqueue(shipping('1Z0001'));
    session.account = null;
    await expect(outbox.enqueue(offerAnswer())).rejects.toThrow('Sign in');
    server.online = true;
    await outbox.flush();
    expect(outbox.snapshot().status).toBe('signedOut');
    session.account = OTHER;
    await outbox.flush();
    expect(server.applied).toEqual([]);
    expect(outbox.snapshot()).toMatchObject({ items: [], status: 'idle' });
    session.account = DEALER;
    await outbox.flush();
    expect(server.labels()).toEqual(['1Z0001']);
  });

  it('keeps the queue in memory only when the OS offers no encryption', async () => {
    const { outbox, server } = setup({ cipher: fakeCipher(false) });
    server.online = false;
    await outbox.load();
    await outbox.enqueue(shipping('1Z0001'));
    expect(outbox.snapshot()).toMatchObject({ persistent: false, items: [{ state: 'pending' }] });
    expect(await readdir(folder)).toEqual([]);
  });

  it('sets an unreadable queue file aside instead of losing or misreading it', async () => {
    await writeFile(queueFile(), 'not encrypted by us');
    const { outbox } = setup();
    await outbox.load();
    expect(outbox.snapshot().items).toEqual([]);
    const names = await readdir(folder);
    expect(names.some((name) => name.startsWith(`${OUTBOX_FILE_NAME}.unreadable-`))).toBe(true);
  });

  it('tells listeners what is pending', async () => {
    const { outbox, server } = setup();
    await outbox.load();
    server.online = false;
    const seen: string[] = [];
    outbox.onChange((snapshot) => seen.push(`${snapshot.status}:${snapshot.items.length}`));
    await outbox.enqueue(shipping('1Z0001'));
    await outbox.flush();
    expect(seen).toContain('waiting:1');
  });
});

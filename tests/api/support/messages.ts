import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type LiveMessageEvent, liveMessageEventSchema } from '../../../shared/contract/messages.ts';
import { buildApp } from '../../../src-server/app.ts';
import type { Database, DatabaseHandle } from '../../../src-server/db/client.ts';
import { throttleEvents } from '../../../src-server/db/schema.ts';
import { freshAddress } from './accounts.ts';
import type { Account } from './orders.ts';
import { testConfig } from './test-app.ts';
import { openTestDatabase } from './test-database.ts';
import { type FormFile, multipartForm } from './uploads.ts';

export interface MessagesTestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  dataDir: string;
  outboxDir: string;
  /** Another server instance on the same database and files (what a second machine behind a load balancer is). */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function createMessagesTestApp(): Promise<MessagesTestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-messages-'));
  const database = await openTestDatabase();
  const build = async () => {
    const app = await buildApp(testConfig({ dataDir }), { database, ownsDatabase: false });
    await app.ready();
    return app;
  };
  const app = await build();
  const others: FastifyInstance[] = [];
  return {
    app,
    db: database.db,
    database,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    secondInstance: async () => {
      const other = await build();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /api/messages/addOrUpdate as a browser sends it: the request as JSON in `request`, files in `files`. */
export function sendMessage(
  app: FastifyInstance,
  who: Account | null,
  request: Record<string, unknown>,
  files: readonly FormFile[] = [],
): Promise<LightMyRequestResponse> {
  const form = multipartForm({ request: JSON.stringify(request) }, files, 'files');
  return app.inject({
    method: 'POST',
    url: '/api/messages/addOrUpdate',
    payload: form.payload,
    headers: { ...form.headers, ...(who ? { authorization: who.authorization } : {}) },
    remoteAddress: freshAddress(),
  });
}

/**
 * Forgets the messages sent so far as far as the sending limits go, for a test that sends many
 * messages between one pair to check something else.
 */
export async function resetMessageAllowance(db: Database): Promise<void> {
  await db.delete(throttleEvents).where(like(throttleEvents.bucket, 'message-%'));
}

/** A message sent through the API; fails the test when it is refused. */
export async function sentMessage(
  app: FastifyInstance,
  who: Account,
  request: Record<string, unknown>,
  files: readonly FormFile[] = [],
): Promise<{ id: string; conversationId: string; attachments: { id: string; url: string }[] }> {
  const res = await sendMessage(app, who, request, files);
  if (res.statusCode !== 200) throw new Error(`message refused: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface LiveStream {
  status: number;
  events: LiveMessageEvent[];
  /** Waits for an event matching `match` (already received or still to come). */
  next(match: (event: LiveMessageEvent) => boolean, timeoutMs?: number): Promise<LiveMessageEvent>;
  /** Settles when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
}

/** Opens the live channel over real HTTP with the bearer header, and collects its events. */
export async function openLiveStream(origin: string, who: Account | null): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/messages/live`, {
    headers: who ? { authorization: who.authorization } : {},
    signal: controller.signal,
  });
  const events: LiveMessageEvent[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('data: '))
                events.push(liveMessageEventSchema.parse(JSON.parse(line.slice(6))));
            }
            for (const wake of waiters) wake();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    events,
    ended,
    next: (match, timeoutMs = 2000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}

/** Listens on a free local port and answers the origin. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** A PDF as file-type recognises one (it reads the `%PDF-` signature). */
export const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** A Windows executable's first bytes (the MZ header), as a renamed `.png` would carry them. */
export const FAKE_EXECUTABLE = Buffer.concat([
  Buffer.from('MZ', 'latin1'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0', 'latin1'),
  Buffer.alloc(200),
]);

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
import { type EventStreamReader, openEventStream } from './event-streams.ts';
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

export type LiveStream = EventStreamReader<LiveMessageEvent>;

/** Opens the live channel over real HTTP with the bearer header, and collects its events. */
export function openLiveStream(origin: string, who: Account | null): Promise<LiveStream> {
  return openEventStream(`${origin}/api/messages/live`, who, (data) => liveMessageEventSchema.parse(data));
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

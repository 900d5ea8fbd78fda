import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { accountsSeedPart, DEMO_ACCOUNTS, type DemoAccountKey } from '../../../src-server/seed/accounts.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../../src-server/seed/seed.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export { DEMO_ACCOUNTS };

export interface AccountsTestApp extends TestApp {
  outboxDir: string;
  /** The app's DATA_DIR (uploaded files are under `files/`). */
  dataDir: string;
}

/** The real app with the demo accounts seeded and an outbox folder of its own. */
export async function createAccountsTestApp(): Promise<AccountsTestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-accounts-'));
  const t = await createTestApp({ dataDir });
  await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [accountsSeedPart]);
  return {
    ...t,
    outboxDir: path.join(dataDir, 'outbox'),
    dataDir,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;
/** A fresh client address, so per-address limits of one test never touch another. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function login(
  app: FastifyInstance,
  email: string,
  password: string,
  address: string = freshAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: address,
  });
}

/** Signs a demo account in and answers its token. */
export async function tokenOf(app: FastifyInstance, key: DemoAccountKey): Promise<string> {
  const account = DEMO_ACCOUNTS[key];
  const res = await login(app, account.email, account.password);
  if (res.statusCode !== 200) throw new Error(`${key} could not sign in: ${res.statusCode} ${res.body}`);
  return res.json().jwtToken as string;
}

export function authed(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The JSON payload of a token, not verified. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** Waits for an .eml in the outbox whose text matches, and answers it (decoded from quoted-printable). */
export async function waitForMail(
  outboxDir: string,
  match: (text: string) => boolean,
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith('.eml')).sort()) {
      const text = decodeQuotedPrintable(await readFile(path.join(outboxDir, name), 'utf8'));
      if (match(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('No matching mail arrived in the outbox.');
}

/** Every .eml in the outbox, decoded. */
export async function allMail(outboxDir: string): Promise<string[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  return Promise.all(
    names
      .filter((file) => file.endsWith('.eml'))
      .map(async (name) => decodeQuotedPrintable(await readFile(path.join(outboxDir, name), 'utf8'))),
  );
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

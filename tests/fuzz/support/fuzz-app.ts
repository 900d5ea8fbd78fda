/**
 * The real server for the fuzz suite: demo accounts and a small catalogue seeded, a token per
 * signed-in caller, and known values (ids, slugs, emails) so generated requests also reach data.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../../src-server/db/client.ts';
import { DEMO_ACCOUNTS } from '../../../src-server/seed/accounts.ts';
import { createCatalogSeedPart } from '../../../src-server/seed/catalog.ts';
import { seedDemoData } from '../../../src-server/seed/seed.ts';
import {
  type AccountsTestApp,
  authed,
  createAccountsTestApp,
  freshAddress,
  tokenOf,
} from '../../api/support/accounts.ts';
import { accessTokenOf, createCredential } from '../../api/support/seller-api.ts';
import type { Hints } from './json-schema-arbitrary.ts';
import type { Caller, FuzzRequest } from './requests.ts';

/** Enough listings for searches, brands and suggestions to answer with data, seeded in seconds. */
const FUZZ_CATALOG = { seed: 11, listings: 150 } as const;

export interface FuzzApp {
  t: AccountsTestApp;
  hints: Hints;
  /** `stream`: an endpoint whose answer stays open (server-sent events); read up to its headers. */
  send(request: FuzzRequest, options?: { stream?: boolean }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createFuzzApp(): Promise<FuzzApp> {
  const t = await createAccountsTestApp();
  await seedDemoData(t.database.db, FUZZ_CATALOG, [createCatalogSeedPart()]);
  const tokens: Partial<Record<Caller, string>> = {};
  const signIn = async (caller: Exclude<Caller, 'visitor'>) => {
    if (caller === 'sellerApi') {
      tokens.sellerApi = await accessTokenOf(t.app, sellerApiCredential);
      return;
    }
    tokens[caller] = await tokenOf(t.app, caller);
  };
  for (const caller of ['buyer', 'seller', 'admin'] as const) await signIn(caller);
  // The seller's software: a seller-API token of a credential of the seller.
  const sellerApiCredential = await createCredential(t.app, tokens.seller ?? '', 'Fuzz');
  await signIn('sellerApi');

  return {
    t,
    hints: await knownValues(t),
    async send(request, options = {}) {
      const res = await (options.stream ? injectUpToHeaders.bind(null, t.app) : t.app.inject.bind(t.app))({
        method: request.method,
        url: request.url,
        headers: {
          ...authed(tokens[request.caller]),
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        // Every request from its own address: per-address throttles must not turn the run into 429s.
        remoteAddress: freshAddress(),
      });
      // A generated request may sign the caller out (e.g. a changed password): sign in again.
      if (res.statusCode === 401 && request.caller !== 'visitor')
        await signIn(request.caller).catch(() => {});
      return res;
    },
    close: () => t.close(),
  };
}

/**
 * A request whose successful answer never ends: resolved at its headers, a 2xx stream is dropped
 * (the server ends it on close), and an error answer is read whole so its envelope can be checked.
 */
async function injectUpToHeaders(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  if (res.statusCode >= 200 && res.statusCode < 300) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return Object.create(res, {
    body: { value: body },
    payload: { value: body },
    json: { value: () => JSON.parse(body) },
  }) as LightMyRequestResponse;
}

/** Seeded ids, slugs and emails by the property names the contract gives them. */
async function knownValues(t: AccountsTestApp): Promise<Hints> {
  const db = t.database.db;
  const listings = await queryRows<{ id: string; legacy_id: number | null; upc: string | null }>(
    db,
    sql`select id, legacy_id::int as legacy_id, upc from listings order by id limit 12`,
  );
  const brands = await queryRows<{ slug: string }>(db, sql`select slug from brands order by slug limit 6`);
  const users = Object.values(DEMO_ACCOUNTS);
  // The callers' own accounts stay out of sign-in attempts, so throttles never lock the fuzz out.
  const others = users.filter((user) => !['buyer', 'seller', 'admin'].includes(user.key));
  const listingIds = listings.map((row) => row.id);
  const userIds = users.map((user) => user.id);
  return {
    id: [...listingIds, ...userIds],
    listingId: listingIds,
    listingIds,
    legacyIds: listings.flatMap((row) => (row.legacy_id ? [row.legacy_id] : [])),
    upc: listings.flatMap((row) => (row.upc ? [row.upc] : [])),
    slug: brands.map((row) => row.slug),
    userId: userIds,
    userIds,
    uid: userIds,
    email: others.map((user) => user.email),
    password: others.map((user) => user.password),
    keyword: ['glock', 'rifle', '9mm', 'scope'],
    query: ['gl', 'rem', 'sig'],
    zipCode: ['78701', '10001'],
  };
}

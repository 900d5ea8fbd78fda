import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './files/s3-blob-store.ts';

/** A script from another site: https only, but plain http on this machine (a local test server). */
const thirdPartyScriptUrl = (name: string) =>
  z.url().refine(
    (value) => {
      const url = new URL(value);
      if (url.username || url.password) return false;
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    },
    { message: `${name} must be an https:// URL (http:// only for localhost)` },
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections of the PostgreSQL pool (DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Database work that may wait for its turn; past it a request answers 503 with Retry-After at once. */
  DATABASE_QUEUE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(200),
  /** PGlite: the longest a statement waits for its turn (503 past it); work that would wait longer is refused at once. */
  DATABASE_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** PostgreSQL: statement_timeout of each connection (PGlite cannot interrupt a statement). 0: no bound. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /**
   * How long a server's claim on a bulk upload holds without a committed batch renewing it: on
   * PostgreSQL, another server resumes an upload whose server stopped once this runs out. Tests shorten it.
   */
  BULK_UPLOAD_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * `off`: the shared cache of answers that are the same for every visitor (home lists, popular
   * searches, suggestions, listing pages) keeps nothing, so every request runs its statements. For
   * measuring uncached work; production leaves it on.
   */
  SHARED_CACHE: z.enum(['on', 'off']).default('on'),
  /** How often the alert job (saved searches, price drops, local listings) runs. */
  ALERT_RUN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Auctions' soft close: a bid this close to the end moves the end to this long after the bid. */
  AUCTION_SOFT_CLOSE_MINUTES: z.coerce.number().int().min(1).max(60).default(2),
  /**
   * On SIGTERM, how long the server goes on serving while /api/health answers 503 (and every answer
   * closes its connection), so a load balancer's health checks take it out of rotation before it
   * stops taking connections. 0 (default): it stops taking connections at once.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** After it stops taking connections, the longest requests under way may take before their connections are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * How many reverse proxies in front of the server may be believed about the client address
   * (X-Forwarded-For). 0 by default: the connection's own address, so clients cannot choose theirs.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  /** The ad server's script, loaded by the web app once a page is interactive; unset: none. */
  AD_SCRIPT_URL: thirdPartyScriptUrl('AD_SCRIPT_URL').optional(),
  /** The email-marketing service's script; signed-in visitors are identified to it. Unset: none. */
  MARKETING_SCRIPT_URL: thirdPartyScriptUrl('MARKETING_SCRIPT_URL').optional(),
  WEB_ROOT: z.string().min(1).default('./dist/web'),
  /** The desktop client's update feed and installers, placed by the release step; unset: DATA_DIR/desktop-updates. */
  DESKTOP_UPDATES_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * `1` seeds the demo data (demo accounts with published passwords) into an empty database even in
   * production; `0` never seeds it. Unset: seeded everywhere but in production.
   */
  DEMO_DATA: z.enum(['0', '1']).optional(),
  /** The cookie's Domain attribute for the session cookie of the web app; unset: a host-only cookie. */
  COOKIE_DOMAIN: z
    .string()
    .regex(
      /^\.?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i,
      'COOKIE_DOMAIN must be a domain name such as example.co.uk',
    )
    .optional(),
  /** Where uploaded files are kept: `files` under DATA_DIR/files, `s3` in the S3_BUCKET bucket. */
  BLOB_STORE: z.enum(['files', 's3']).default('files'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name such as ironsight-files')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** A server other than AWS S3 (Cloudflare R2, MinIO); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' })
    .optional(),
  /** `1`: the bucket in the URL's path instead of its host name (most non-AWS servers). */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
});

/** Settings that only make sense together. */
const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (env.BLOB_STORE === 's3' && !env.S3_BUCKET) {
    context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'BLOB_STORE=s3 needs S3_BUCKET' });
  }
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    context.addIssue({
      code: 'custom',
      path: [env.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'],
      message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  /** Origin the public site is reached at; canonical URLs, emails and the return-URL rule use it. */
  publicOrigin: string;
  dataDir: string;
  /** When set, PostgreSQL through a pool; otherwise embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Pool size, queue bound and statement timeout of the database; unset: unbounded (tests, benchmarks). */
  database?: { poolSize: number; queueLimit: number; queueWaitMs: number; statementTimeoutMs: number };
  jwtSecret: string;
  /** When set, mail goes out through this SMTP server; otherwise it is written to DATA_DIR/outbox. */
  smtpUrl?: string | undefined;
  /** Number of trusted proxy hops for the client address; 0 trusts none. */
  trustProxyHops?: number;
  webRoot: string;
  /** The folder served at /desktop/updates (feed files and installers); unset: DATA_DIR/desktop-updates. */
  desktopUpdatesDir?: string;
  logLevel: Env['LOG_LEVEL'];
  nodeEnv: Env['NODE_ENV'];
  /** Fill an empty database with the demo data (and its known demo accounts) at start. */
  demoData: boolean;
  /**
   * Domain attribute for the web app's session cookie (e.g. `example.co.uk` to share it with
   * subdomains), told to the client in the page head; undefined keeps the cookie host-only.
   */
  cookieDomain?: string | undefined;
  /** The optional third-party scripts (see docs/configuration.md), named to the web app in the page head and allowed by the CSP. */
  thirdPartyScripts?: ThirdPartyScripts;
  /** Seconds a claim on a bulk upload holds without a batch renewing it; unset: 60. */
  bulkUploadLeaseSeconds?: number;
  /** How often the alert job runs; unset: every 5 minutes. */
  alertRunIntervalMs?: number;
  /** Auctions' soft close window in minutes; unset: 2. */
  auctionSoftCloseMinutes?: number;
  /** false: shared answers are never kept, every request runs its statements (SHARED_CACHE=off); unset: kept. */
  sharedCache?: boolean;
  /** Photo links of inventory rows may point at this machine (tests serve them locally); never in production. */
  imageFetchAllowLoopback?: boolean;
  /** Where uploaded files are kept: `s3` in the bucket of `s3`; unset or `files`: under DATA_DIR/files. */
  blobStore?: 'files' | 's3';
  /** SIGTERM: serve while reporting unhealthy for `drainMs`, then close, cutting requests still running after `timeoutMs`. */
  shutdown?: { drainMs: number; timeoutMs: number };
  /** The S3-compatible bucket when S3_BUCKET is set: BLOB_STORE=s3 keeps files there, `npm run blobs:copy-to-s3` fills it. */
  s3?: S3Settings | undefined;
}

/** Demo data, with its published passwords, only outside production unless asked for with DEMO_DATA. */
export function demoDataWanted(nodeEnv: Env['NODE_ENV'], flag: Env['DEMO_DATA']): boolean {
  if (flag !== undefined) return flag === '1';
  return nodeEnv !== 'production';
}

export class ConfigError extends Error {}

export interface ThirdPartyScripts {
  adScriptUrl?: string | undefined;
  marketingScriptUrl?: string | undefined;
}

/** The origins the configured third-party scripts come from (for the CSP), each once. */
export function thirdPartyScriptOrigins(scripts: ThirdPartyScripts | undefined): string[] {
  const urls = [scripts?.adScriptUrl, scripts?.marketingScriptUrl].filter((url): url is string =>
    Boolean(url),
  );
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/** Reads the environment once, through zod; a bad value stops start-up with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable counts as unset, as shells and CI files often export empty values.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = checkedEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      queueLimit: e.DATABASE_QUEUE_LIMIT,
      queueWaitMs: e.DATABASE_QUEUE_WAIT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    bulkUploadLeaseSeconds: e.BULK_UPLOAD_LEASE_SECONDS,
    alertRunIntervalMs: e.ALERT_RUN_INTERVAL_SECONDS * 1000,
    auctionSoftCloseMinutes: e.AUCTION_SOFT_CLOSE_MINUTES,
    sharedCache: e.SHARED_CACHE === 'on',
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    trustProxyHops: e.TRUST_PROXY,
    webRoot: path.resolve(e.WEB_ROOT),
    desktopUpdatesDir: desktopUpdatesDirFor({
      DATA_DIR: dataDir,
      DESKTOP_UPDATES_DIR: e.DESKTOP_UPDATES_DIR,
    }),
    logLevel: e.LOG_LEVEL,
    nodeEnv: e.NODE_ENV,
    demoData: demoDataWanted(e.NODE_ENV, e.DEMO_DATA),
    cookieDomain: e.COOKIE_DOMAIN?.replace(/^\./, '').toLowerCase(),
    thirdPartyScripts: { adScriptUrl: e.AD_SCRIPT_URL, marketingScriptUrl: e.MARKETING_SCRIPT_URL },
    blobStore: e.BLOB_STORE,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    s3: e.S3_BUCKET ? s3SettingsOf(e, e.S3_BUCKET) : undefined,
  };
}

function s3SettingsOf(e: Env, bucket: string): S3Settings {
  return {
    bucket,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            sessionToken: e.AWS_SESSION_TOKEN,
          }
        : undefined,
  };
}

/** A generated signing secret is kept beside the data so tokens survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The folder of the desktop client's update feed and installers: DESKTOP_UPDATES_DIR, else
 * `desktop-updates` inside DATA_DIR (the release step and the server read the same variables).
 */
export function desktopUpdatesDirFor(env: {
  DATA_DIR?: string | undefined;
  DESKTOP_UPDATES_DIR?: string | undefined;
}): string {
  return path.resolve(env.DESKTOP_UPDATES_DIR || path.join(env.DATA_DIR || './data', 'desktop-updates'));
}

/** The embedded database's folder inside DATA_DIR. */
export const dataFolderFor = (config: AppConfig) => `${config.dataDir}/pglite`;

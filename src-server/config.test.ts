import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, thirdPartyScriptOrigins } from './config.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const tempDir = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'ironsight-config-'));
  folders.push(folder);
  return folder;
};

describe('configuration from the environment', () => {
  it('defaults to the embedded database on port 3000 with a local public origin', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicOrigin).toBe('http://localhost:3000');
  });

  it('generates a signing secret once and keeps it under the data folder', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
  });

  it('uses JWT_SECRET and DATABASE_URL when given', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      PUBLIC_ORIGIN: 'https://ironsight.example/',
    });
    expect(config.jwtSecret).toBe('x'.repeat(40));
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.publicOrigin).toBe('https://ironsight.example');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32/],
    [{ DEMO_DATA: 'yes' }, /DEMO_DATA/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ DATABASE_QUEUE_LIMIT: 'many' }, /DATABASE_QUEUE_LIMIT/],
    [{ DATABASE_QUEUE_WAIT_MS: '1.5' }, /DATABASE_QUEUE_WAIT_MS/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, /DATABASE_STATEMENT_TIMEOUT_MS/],
    [{ BULK_UPLOAD_LEASE_SECONDS: '1' }, /BULK_UPLOAD_LEASE_SECONDS/],
    [{ SHARED_CACHE: 'false' }, /SHARED_CACHE/],
    [{ COOKIE_DOMAIN: 'https://example.com' }, /COOKIE_DOMAIN must be a domain name/],
    [{ COOKIE_DOMAIN: 'localhost' }, /COOKIE_DOMAIN must be a domain name/],
    [{ AD_SCRIPT_URL: 'http://ads.example.net/serve.js' }, /AD_SCRIPT_URL must be an https:\/\/ URL/],
    [{ AD_SCRIPT_URL: 'javascript:alert(1)' }, /AD_SCRIPT_URL/],
    [
      { MARKETING_SCRIPT_URL: 'https://user:pw@mail.example.org/a.js' },
      /MARKETING_SCRIPT_URL must be an https/,
    ],
    [{ BLOB_STORE: 's3' }, /BLOB_STORE=s3 needs S3_BUCKET/],
    [{ BLOB_STORE: 'disk' }, /BLOB_STORE/],
    [{ S3_BUCKET: 'Ironsight_Files' }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://files.example.net' }, /S3_ENDPOINT must be an http/],
    [{ S3_BUCKET: 'files', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, /AWS_SECRET_ACCESS_KEY/],
  ])('refuses %o with a message naming the problem', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });

  it.each([
    [{}, true],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', DEMO_DATA: '' }, false],
    [{ NODE_ENV: 'production', DEMO_DATA: '1' }, true],
    [{ NODE_ENV: 'development', DEMO_DATA: '0' }, false],
  ])('seeds demo accounts for %o: %s', (env, expected) => {
    expect(loadConfig({ DATA_DIR: tempDir(), ...env }).demoData).toBe(expected);
  });

  it('closes auctions softly over 2 minutes by default, or the minutes of AUCTION_SOFT_CLOSE_MINUTES', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).auctionSoftCloseMinutes).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), AUCTION_SOFT_CLOSE_MINUTES: '5' }).auctionSoftCloseMinutes).toBe(
      5,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), AUCTION_SOFT_CLOSE_MINUTES: '0' })).toThrow(ConfigError);
  });

  it('stops on SIGTERM with no drain and a 10 s bound by default, or the SHUTDOWN_* seconds', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).shutdown).toEqual({ drainMs: 0, timeoutMs: 10_000 });
    expect(
      loadConfig({ DATA_DIR: tempDir(), SHUTDOWN_DRAIN_SECONDS: '3', SHUTDOWN_TIMEOUT_SECONDS: '2.5' })
        .shutdown,
    ).toEqual({ drainMs: 3000, timeoutMs: 2500 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(ConfigError);
  });

  it('holds a bulk upload claim 60 s by default, or the seconds of BULK_UPLOAD_LEASE_SECONDS', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).bulkUploadLeaseSeconds).toBe(60);
    expect(loadConfig({ DATA_DIR: tempDir(), BULK_UPLOAD_LEASE_SECONDS: '5' }).bulkUploadLeaseSeconds).toBe(
      5,
    );
  });

  it('bounds the database by default and reads its pool size, queue limit and statement timeout', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).database).toEqual({
      poolSize: 10,
      queueLimit: 200,
      queueWaitMs: 1000,
      statementTimeoutMs: 5000,
    });
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_POOL_SIZE: '32',
      DATABASE_QUEUE_LIMIT: '40',
      DATABASE_QUEUE_WAIT_MS: '250',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    });
    expect(config.database).toEqual({
      poolSize: 32,
      queueLimit: 40,
      queueWaitMs: 250,
      statementTimeoutMs: 0,
    });
  });

  it('keeps files under DATA_DIR unless BLOB_STORE=s3 names a bucket', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ blobStore: 'files', s3: undefined });
    const config = loadConfig({
      DATA_DIR: dataDir,
      BLOB_STORE: 's3',
      S3_BUCKET: 'ironsight-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret-example',
    });
    expect(config.blobStore).toBe('s3');
    expect(config.s3).toEqual({
      bucket: 'ironsight-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-example', sessionToken: undefined },
    });
    // Without keys the SDK finds its own (a profile, an instance or container role).
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'ironsight-files' }).s3?.credentials).toBeUndefined();
  });

  it('keeps shared answers unless SHARED_CACHE is off', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).sharedCache).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), SHARED_CACHE: 'on' }).sharedCache).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), SHARED_CACHE: 'off' }).sharedCache).toBe(false);
  });

  it('keeps the session cookie host-only unless COOKIE_DOMAIN is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).cookieDomain).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), COOKIE_DOMAIN: '.Shop.Example.co.uk' }).cookieDomain).toBe(
      'shop.example.co.uk',
    );
  });

  it('loads no third-party script unless AD_SCRIPT_URL or MARKETING_SCRIPT_URL is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).thirdPartyScripts).toEqual({
      adScriptUrl: undefined,
      marketingScriptUrl: undefined,
    });
    const config = loadConfig({
      DATA_DIR: tempDir(),
      AD_SCRIPT_URL: 'https://ads.example.net/serve.js',
      MARKETING_SCRIPT_URL: 'http://localhost:9000/onsite.js',
    });
    expect(config.thirdPartyScripts).toEqual({
      adScriptUrl: 'https://ads.example.net/serve.js',
      marketingScriptUrl: 'http://localhost:9000/onsite.js',
    });
    expect(thirdPartyScriptOrigins(config.thirdPartyScripts)).toEqual([
      'https://ads.example.net',
      'http://localhost:9000',
    ]);
  });
});

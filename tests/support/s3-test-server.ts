import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src-server/files/s3-blob-store.ts';

/** s3rver's fixed key pair: it checks request signatures against these. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  /** The settings of a store on the server's one bucket. */
  settings: S3Settings;
  /** The same bucket as the server's environment settings (S3_BUCKET, S3_ENDPOINT, …). */
  env: Record<string, string>;
  /** Every request the server took, as `METHOD /bucket/key?query`. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on a free loopback port, keeping its objects in a temporary
 * folder, with one empty bucket. s3rver is unmaintained: tests use it only for the calls the S3
 * store makes (put, multipart upload, get, delete).
 */
export async function startS3TestServer(bucket = 'ironsight-files'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ironsight-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const requests: string[] = [];
  const handle = s3rver.callback();
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The cluster's S3-compatible server: s3rver (a stand-in for the S3 API, see
 * docs/deployment/object-storage.md) on loopback, keeping its objects in a folder that outlives the
 * cluster, with the one bucket the servers use. The servers reach it through the standard S3 API
 * only, so AWS S3, R2 or MinIO take its place in production with other S3_* settings.
 */
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

/** s3rver checks request signatures against its one fixed key pair. */
const S3RVER_KEY = { id: 'S3RVER', secret: 'S3RVER' };

export interface ClusterS3 {
  endpoint: string;
  bucket: string;
  /** The servers' settings for this bucket (BLOB_STORE=s3 and the S3_* and AWS_* variables). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(options: {
  directory: string;
  bucket: string;
  host: string;
  port?: number;
}): Promise<ClusterS3> {
  await mkdir(options.directory, { recursive: true });
  const s3rver = new S3rver({
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  // Creates the bucket when the folder has none yet; an existing one keeps its objects.
  await s3rver.configureBuckets();
  const server = createServer(s3rver.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host, resolve);
  });
  const endpoint = `http://${options.host}:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket: options.bucket,
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: options.bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: S3RVER_KEY.id,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY.secret,
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey, type BlobStore, type ByteRange } from './blob-store.ts';

/** The bucket an S3-compatible store keeps blobs in (docs/deployment/object-storage.md). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A server other than AWS S3 (Cloudflare R2, MinIO, a test server); unset: AWS S3 of the region. */
  endpoint?: string | undefined;
  /** The bucket in the path (`endpoint/bucket/key`) instead of the host name, as most non-AWS servers want. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (shared profile, web identity, container or instance role). */
  credentials?:
    | { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined }
    | undefined;
}

/** A blob larger than this goes up in parts of this size (S3's smallest part), a few at once. */
export const MULTIPART_PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 4;

/** The S3 store, with what the copy command also needs. */
export interface S3BlobStore extends BlobStore {
  /** Writes a stream without holding it whole: a part at a time once it outgrows one part. */
  write(key: string, data: Readable): Promise<void>;
  /** Ends the client's pooled connections. */
  close(): void;
}

/**
 * Blobs as objects of one bucket, through the standard S3 API only, so AWS S3, Cloudflare R2 and
 * MinIO serve alike. The object key is the blob key; keys are checked before any request.
 */
export function s3BlobStore(settings: S3Settings): S3BlobStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands one: several S3-compatible servers refuse the SDK's default
    // checksum trailers. The copy command checks every copied blob's SHA-256 end to end.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request instead of holding it; a long read that keeps
    // moving is never cut.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const upload = async (key: string, body: Uint8Array | Readable) => {
    assertBlobKey(key);
    await new Upload({
      client,
      params: { Bucket: settings.bucket, Key: key, Body: body },
      partSize: MULTIPART_PART_BYTES,
      queueSize: PARTS_AT_ONCE,
    }).done();
  };
  const read = async (key: string, range?: ByteRange): Promise<Readable | null> => {
    assertBlobKey(key);
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`No readable body for blob ${key}`);
      return object.Body;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  };
  return {
    put: upload,
    write: upload,
    read,
    async get(key) {
      const stream = await read(key);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    async delete(keys) {
      for (const key of keys) assertBlobKey(key);
      // One request per key: a blob has a handful of keys, and the batch call (DeleteObjects) needs a
      // checksum header that not every S3-compatible server accepts. Deleting a missing key succeeds.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }))),
      );
    },
    close() {
      client.destroy();
    },
  };
}

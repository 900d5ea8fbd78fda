import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (photos, attachments, licence copies, bulk-upload and feed files).
 * Keys are slash-separated relative names such as `listings/{imageId}/w412.jpeg`. The default keeps
 * them under DATA_DIR/files; with BLOB_STORE=s3 they are objects of a bucket (`s3-blob-store.ts`),
 * which several servers share.
 */
export interface BlobStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or null when no blob has that key. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The bytes as a stream, for a blob too large to hold at once; null when no blob has that key.
   * With a range, only bytes `start` to `end` (both included, `end` past the blob's end reading to
   * it), as an HTTP Range request asks.
   */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the blobs; unknown keys are ignored. */
  delete(keys: readonly string[]): Promise<void>;
}

/** Bytes `start` to `end` of a blob, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

const KEY = /^[a-z0-9-]+(?:\/[a-z0-9][a-z0-9._-]*)+$/;

/** A key made only of known-safe segments, so it can never leave the store's folder. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`Not a blob key: ${key}`);
  }
}

/** Blobs as files under one folder; a write lands under a temporary name first, so readers never see half a file. */
export function fileBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
  };
}

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { opendir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertBlobKey } from './blob-store.ts';
import type { S3BlobStore } from './s3-blob-store.ts';

/** Blobs copied at once: enough to hide a bucket's round trips, few enough for a small server. */
const COPIES_AT_ONCE = 8;

/** A write still under its temporary name (`{key}.{pid}.{time}.part`): not a blob yet. */
const TEMPORARY = /\.\d+\.\d+\.part$/;

export interface CopySummary {
  /** Blobs the bucket now holds with the same size and SHA-256 as their file. */
  checked: number;
  /** Of those, written by this run; the others were already in the bucket. */
  copied: number;
  bytesCopied: number;
  /** Files that are no blob (a temporary write, a name outside the key shape, removed during the run). */
  skipped: { file: string; reason: string }[];
  failed: { key: string; reason: string }[];
}

interface Digest {
  size: number;
  sha256: string;
}

async function digestOf(stream: Readable): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

const described = (digest: Digest | null) =>
  digest ? `${digest.size} bytes, SHA-256 ${digest.sha256.slice(0, 12)}…` : 'nothing';

type Entry = { kind: 'blob'; file: string; key: string } | { kind: 'skipped'; file: string; reason: string };

/** Every file under `root`, as the blob its relative path names (or why it is none). */
async function* entriesUnder(root: string): AsyncGenerator<Entry> {
  for await (const entry of await opendir(root, { recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    if (TEMPORARY.test(key)) {
      yield { kind: 'skipped', file: key, reason: 'a write that never finished' };
      continue;
    }
    try {
      assertBlobKey(key);
      yield { kind: 'blob', file, key };
    } catch {
      yield { kind: 'skipped', file: key, reason: 'not a blob key' };
    }
  }
}

/**
 * Copies the file tree of the file store (`DATA_DIR/files`) into a bucket, each file under its
 * blob key, and checks each key by reading it back: same size, same SHA-256. A blob the bucket
 * already holds with the file's bytes is left as it is, so a second run copies only what changed.
 */
export async function copyFilesToBucket(
  root: string,
  bucket: Pick<S3BlobStore, 'read' | 'write'>,
  onProgress: (summary: CopySummary) => void = () => undefined,
): Promise<CopySummary> {
  const summary: CopySummary = { checked: 0, copied: 0, bytesCopied: 0, skipped: [], failed: [] };
  const inBucket = async (key: string) => {
    const stream = await bucket.read(key);
    return stream ? digestOf(stream) : null;
  };
  const copy = async (file: string, key: string) => {
    const local = await digestOf(createReadStream(file));
    const before = await inBucket(key);
    if (before?.size === local.size && before.sha256 === local.sha256) return;
    await bucket.write(key, createReadStream(file));
    const after = await inBucket(key);
    if (after?.size !== local.size || after.sha256 !== local.sha256) {
      throw new Error(`the bucket holds ${described(after)}, the file ${described(local)}`);
    }
    summary.copied += 1;
    summary.bytesCopied += local.size;
  };
  const entries = entriesUnder(root);
  // Workers share one walk of the tree: each takes the next file when it is done with one.
  const worker = async () => {
    for await (const entry of entries) {
      if (entry.kind === 'skipped') {
        summary.skipped.push({ file: entry.file, reason: entry.reason });
        continue;
      }
      try {
        await copy(entry.file, entry.key);
        summary.checked += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          summary.skipped.push({ file: entry.key, reason: 'removed during the copy' });
        } else {
          summary.failed.push({
            key: entry.key,
            reason: error instanceof Error ? error.message : String(error),
          });
        }
      }
      onProgress(summary);
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, worker));
  return summary;
}

import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFilesToBucket } from '../src-server/files/copy-to-bucket.ts';
import { MULTIPART_PART_BYTES, type S3BlobStore, s3BlobStore } from '../src-server/files/s3-blob-store.ts';
import { type S3TestServer, startS3TestServer } from '../tests/support/s3-test-server.ts';
import { copyBlobsToS3 } from './blobs-copy-to-s3.ts';

let server: S3TestServer;
let bucket: S3BlobStore;
let dataDir: string;

/** What the file store holds after a while: photo sizes, an attachment, a large bulk-upload file. */
const FILES: Record<string, Buffer> = {
  'listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/original.jpg': randomBytes(90_000),
  'listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/w768.jpg': randomBytes(40_000),
  'listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/w412.jpg': randomBytes(20_000),
  'listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/thumb.jpg': randomBytes(6_000),
  'message-attachments/5b7e0f8e-9a61-4f5c-8a38-0d7e3c2b1a90': Buffer.from('%PDF-1.4\n%%EOF\n'),
  'bulk-uploads/8d4a1c7e-2b3f-4e5a-9c6d-7e8f9a0b1c2d/file.csv': randomBytes(MULTIPART_PART_BYTES + 4096),
  'ffl-licenses/7c6b5a49-3827-4615-a0b9-c8d7e6f5a4b3': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
};

async function writeTree(root: string, files: Record<string, Buffer>): Promise<void> {
  for (const [key, data] of Object.entries(files)) {
    const file = path.join(root, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }
}

/** Runs the command as `npm run blobs:copy-to-s3` does, on the test's data folder and bucket. */
async function runCommand(args: string[] = []): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await copyBlobsToS3(args, { DATA_DIR: dataDir, ...server.env }, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

const putRequests = () => server.requests.filter((request) => request.startsWith('PUT '));

beforeAll(async () => {
  server = await startS3TestServer();
  bucket = s3BlobStore(server.settings);
  dataDir = await mkdtemp(path.join(tmpdir(), 'ironsight-copy-'));
  await writeTree(path.join(dataDir, 'files'), FILES);
  // A write the server never finished, and a file no blob key names: neither is a blob.
  await writeTree(path.join(dataDir, 'files'), {
    'listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/w412.jpg.4242.1763700000000.part': Buffer.from('half'),
    'listings/Thumbs.db': Buffer.from('desktop junk'),
  });
});
afterAll(async () => {
  bucket?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run blobs:copy-to-s3', () => {
  it('copies every file of DATA_DIR/files into the bucket under its key, checked by size and SHA-256', async () => {
    const { code, output } = await runCommand();
    expect(code, output).toBe(0);
    expect(output).toContain(
      'Checked 7 keys in bucket ironsight-files: same size and SHA-256 as their files. Copied 7 (5.2 MB); 0 were already there.',
    );
    expect(output).toContain('Skipped 2 files that are no blob:');
    expect(output).toContain(
      'listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/w412.jpg.4242.1763700000000.part: a write that never finished',
    );
    expect(output).toContain('listings/Thumbs.db: not a blob key');
    // Each key looked for before its copy and read back after it.
    const reads = server.requests.filter((request) => request.startsWith('GET '));
    expect(reads).toHaveLength(14);
    for (const [key, data] of Object.entries(FILES)) {
      expect((await bucket.get(key))?.equals(data), key).toBe(true);
    }
  });

  it('copies nothing again on a second run, and still checks every key', async () => {
    server.requests.length = 0;
    const { code, output } = await runCommand();
    expect(code, output).toBe(0);
    expect(output).toContain('Checked 7 keys in bucket ironsight-files');
    expect(output).toContain('Copied 0 (0.0 MB); 7 were already there.');
    expect(putRequests()).toEqual([]);
  });

  it('copies again a key whose bytes in the bucket differ from its file', async () => {
    await bucket.put('listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/thumb.jpg', Buffer.from('stale'));
    await writeTree(path.join(dataDir, 'files'), {
      'message-attachments/9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a': Buffer.from('added since'),
    });
    const { code, output } = await runCommand();
    expect(code, output).toBe(0);
    expect(output).toContain('Checked 8 keys');
    expect(output).toContain('Copied 2 (0.0 MB); 6 were already there.');
    const thumb = await bucket.get('listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/thumb.jpg');
    expect(thumb?.equals(FILES['listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/thumb.jpg']!)).toBe(true);
  });

  it('names the bucket setting it needs', async () => {
    const lines: string[] = [];
    const code = await copyBlobsToS3([], { DATA_DIR: dataDir }, (line) => lines.push(line));
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('Set S3_BUCKET');
  });
});

describe('copying the file tree into a bucket', () => {
  it('reports a key the bucket does not give back whole as failed, and goes on with the others', async () => {
    const root = path.join(dataDir, 'files');
    const stored = new Map<string, Buffer>();
    // A bucket that loses the last byte of the attachment it is given.
    const lossy: Pick<S3BlobStore, 'read' | 'write'> = {
      async read(key) {
        const data = stored.get(key);
        return data ? Readable.from([data]) : null;
      },
      async write(key, data) {
        const chunks: Buffer[] = [];
        for await (const chunk of data as AsyncIterable<Buffer>) chunks.push(chunk);
        const whole = Buffer.concat(chunks);
        stored.set(key, key.startsWith('message-attachments/5b7e') ? whole.subarray(0, -1) : whole);
      },
    };
    const summary = await copyFilesToBucket(root, lossy);
    expect(summary.failed).toEqual([
      {
        key: 'message-attachments/5b7e0f8e-9a61-4f5c-8a38-0d7e3c2b1a90',
        reason: expect.stringMatching(/^the bucket holds 14 bytes, SHA-256 [0-9a-f]{12}…, the file 15 bytes/),
      },
    ]);
    expect(summary.checked).toBe(7);
  });
});

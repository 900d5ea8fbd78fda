import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../tests/support/s3-test-server.ts';
import { MULTIPART_PART_BYTES, type S3BlobStore, s3BlobStore } from './s3-blob-store.ts';

let server: S3TestServer;
let store: S3BlobStore;

beforeAll(async () => {
  server = await startS3TestServer();
  store = s3BlobStore(server.settings);
});
afterAll(async () => {
  store?.close();
  await server?.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Requests of a multipart upload: its start, each part, its completion. */
const multipartRequests = (requests: readonly string[]) => ({
  started: requests.filter((request) => /^POST .*\?uploads/.test(request)).length,
  parts: requests.filter((request) => /^PUT .*partNumber=/.test(request)).length,
  completed: requests.filter((request) => /^POST .*uploadId=/.test(request)).length,
});

describe('the S3-compatible blob store', () => {
  it('keeps a blob as an object of the bucket under its key and gives its bytes back', async () => {
    const photo = randomBytes(40_000);
    await store.put('listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/w412.jpg', photo);
    expect(server.requests).toEqual([
      'PUT /ironsight-files/listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/w412.jpg?x-id=PutObject',
    ]);
    const read = await store.get('listings/3f0c8a52-1c1e-4d57-9a0e-2b7c4f1d9e11/w412.jpg');
    expect(read?.equals(photo)).toBe(true);
  });

  it('streams a blob too large to hold at once', async () => {
    const csv = Buffer.from('stockNumber,title,price\n'.concat('A-1,Leupold VX-3HD,599\n'.repeat(60_000)));
    await store.put('bulk-uploads/8d4a1c7e-2b3f-4e5a-9c6d-7e8f9a0b1c2d/file.csv', csv);
    const stream = await store.read('bulk-uploads/8d4a1c7e-2b3f-4e5a-9c6d-7e8f9a0b1c2d/file.csv');
    expect(stream).toBeInstanceOf(Readable);
    let chunks = 0;
    const received: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks += 1;
      received.push(chunk);
    }
    expect(chunks).toBeGreaterThan(1);
    expect(Buffer.concat(received).equals(csv)).toBe(true);
  });

  it('reads a range of a blob, as an HTTP Range request asks, and to its end past it', async () => {
    const video = randomBytes(300_000);
    await store.put('message-attachments/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', video);
    const bytes = async (start: number, end: number) => {
      const stream = await store.read('message-attachments/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', {
        start,
        end,
      });
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks);
    };
    expect((await bytes(0, 99)).equals(video.subarray(0, 100))).toBe(true);
    expect((await bytes(123_456, 200_000)).equals(video.subarray(123_456, 200_001))).toBe(true);
    expect((await bytes(299_990, 400_000)).equals(video.subarray(299_990))).toBe(true);
    expect(server.requests.at(-1)).toMatch(/^GET \/ironsight-files\/message-attachments\//);
    expect(
      await store.read('message-attachments/5b7e0f8e-9a61-4f5c-8a38-0d7e3c2b1a90', { start: 0, end: 9 }),
    ).toBeNull();
  });

  it('answers null for a key no blob has, from get and read alike', async () => {
    expect(await store.get('message-attachments/5b7e0f8e-9a61-4f5c-8a38-0d7e3c2b1a90')).toBeNull();
    expect(await store.read('message-attachments/5b7e0f8e-9a61-4f5c-8a38-0d7e3c2b1a90')).toBeNull();
  });

  it('removes blobs and ignores keys it does not hold', async () => {
    await store.put('listings/a1/original.png', Buffer.from('original'));
    await store.put('listings/a1/thumb.png', Buffer.from('thumb'));
    await store.delete([
      'listings/a1/original.png',
      'listings/a1/thumb.png',
      'listings/a1/never-written.png',
    ]);
    expect(await store.get('listings/a1/original.png')).toBeNull();
    expect(await store.get('listings/a1/thumb.png')).toBeNull();
  });

  it.each([
    '../outside.txt',
    'listings/../../etc/passwd',
    '/listings/a1/original.png',
    'listings/A1/Original.PNG',
    'listings',
    'listings/a1/./original.png',
  ])('refuses the key %s before any request reaches the bucket', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(`Not a blob key: ${key}`);
    await expect(store.write(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Not a blob key');
    await expect(store.get(key)).rejects.toThrow('Not a blob key');
    await expect(store.read(key)).rejects.toThrow('Not a blob key');
    await expect(store.delete(['listings/a1/thumb.png', key])).rejects.toThrow('Not a blob key');
    expect(server.requests).toEqual([]);
  });

  it('sends a blob larger than one part in parts, and gives the whole back', async () => {
    const large = randomBytes(MULTIPART_PART_BYTES * 2 + 123_456);
    await store.put('bulk-uploads/0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f/file.csv', large);
    expect(multipartRequests(server.requests)).toEqual({ started: 1, parts: 3, completed: 1 });
    const read = await store.get('bulk-uploads/0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f/file.csv');
    expect(read?.length).toBe(large.length);
    expect(read?.equals(large)).toBe(true);
  });

  it('writes a stream of unknown length a part at a time', async () => {
    const piece = randomBytes(256 * 1024);
    const pieces = Math.ceil((MULTIPART_PART_BYTES * 1.5) / piece.length);
    await store.write(
      'feeds/2e4f6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b/feed.csv',
      Readable.from(Array.from({ length: pieces }, () => piece)),
    );
    expect(multipartRequests(server.requests)).toEqual({ started: 1, parts: 2, completed: 1 });
    const stream = await store.read('feeds/2e4f6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b/feed.csv');
    const read = await bytesOf(stream as Readable);
    expect(read.equals(Buffer.concat(Array.from({ length: pieces }, () => piece)))).toBe(true);
  });

  it('puts a small blob in one request, with no multipart upload', async () => {
    await store.write('listings/b2/thumb.webp', Readable.from([Buffer.from('small')]));
    expect(multipartRequests(server.requests)).toEqual({ started: 0, parts: 0, completed: 0 });
    expect(server.requests).toHaveLength(1);
  });
});

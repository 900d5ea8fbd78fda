import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobStore, fileBlobStore } from './blob-store.ts';

let root: string;
let store: BlobStore;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'blob-store-'));
  store = fileBlobStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const bytesOf = async (stream: Readable | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe('the file blob store', () => {
  it('gives a blob back whole, or a range of it as an HTTP Range request asks', async () => {
    const file = randomBytes(200_000);
    await store.put('message-attachments/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', file);
    const key = 'message-attachments/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    expect((await store.get(key))?.equals(file)).toBe(true);
    expect((await bytesOf(await store.read(key))).equals(file)).toBe(true);
    expect((await bytesOf(await store.read(key, { start: 0, end: 99 }))).equals(file.subarray(0, 100))).toBe(
      true,
    );
    expect(
      (await bytesOf(await store.read(key, { start: 150_000, end: 300_000 }))).equals(file.subarray(150_000)),
    ).toBe(true);
  });

  it('answers null for a key no blob has, and refuses a key that would leave its folder', async () => {
    expect(await store.get('listings/a1/never-written.png')).toBeNull();
    expect(await store.read('listings/a1/never-written.png', { start: 0, end: 9 })).toBeNull();
    for (const key of ['../outside.txt', 'listings/../../etc/passwd', '/listings/a1/original.png']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(`Not a blob key: ${key}`);
      await expect(store.read(key)).rejects.toThrow('Not a blob key');
    }
  });
});

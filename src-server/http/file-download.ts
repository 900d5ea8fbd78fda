import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './errors.ts';
import { matchesIfNoneMatch } from './shared-cache.ts';

export interface FileDownload {
  /** The folder the file sits directly in. */
  folder: string;
  /** The file's own name, already checked by the caller: no separator, no parent folder. */
  name: string;
  contentType: string;
  cacheControl: string;
  /** Offer the file as a download under its name (browsers save it instead of opening it). */
  attachment?: boolean;
}

/** A byte range of a file: first and last byte, inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one range of a `Range` header, as RFC 9110 reads it: `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * `null`: no range to honour (absent, malformed, another unit, several ranges), so the whole file
 * answers; `unsatisfiable`: a range that starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const notFoundAnswer = (reply: FastifyReply) =>
  reply.status(404).header('cache-control', 'no-cache').send(envelope('not_found', 'No such file.'));

/** Opening a link, a folder or a missing file is the same "no such file" to the caller. */
async function openRegularFile(file: string): Promise<FileHandle | null> {
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: a link placed in the folder is not followed out of it (where the OS has it).
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'EISDIR' || code === 'ENOTDIR') return null;
    throw error;
  }
  const stats = await handle.stat();
  if (stats.isFile()) return handle;
  await handle.close();
  return null;
}

/**
 * Answers a GET (or HEAD) with a file from a folder, streamed from disk, read-only: 404 when it is
 * missing or not a plain file; its ETag and Last-Modified, a bodiless 304 when the caller holds it;
 * one byte range (206) when asked for, so an interrupted or partial download resumes instead of
 * starting over.
 */
export async function sendFileDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  download: FileDownload,
): Promise<FastifyReply> {
  const handle = await openRegularFile(path.join(download.folder, download.name));
  if (!handle) return notFoundAnswer(reply);
  let streaming = false;
  try {
    const stats = await handle.stat();
    const size = stats.size;
    const etag = `"${size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"`;
    reply
      .header('etag', etag)
      .header('last-modified', stats.mtime.toUTCString())
      .header('cache-control', download.cacheControl)
      .header('accept-ranges', 'bytes');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();

    reply.type(download.contentType);
    if (download.attachment) reply.header('content-disposition', `attachment; filename="${download.name}"`);
    // A range of a file that changed since the caller's copy would splice two versions: send it whole.
    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
    const { start, end } = range ?? { start: 0, end: size - 1 };
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    reply.header('content-length', String(Math.max(0, end - start + 1)));
    // HEAD: an empty stream keeps the file's length in the header (an empty string would set it to 0).
    if (request.method === 'HEAD') return reply.send(Readable.from([]));
    if (size === 0) return reply.send('');
    streaming = true;
    return reply.send(handle.createReadStream({ start, end, autoClose: true }));
  } finally {
    if (!streaming) await handle.close();
  }
}

import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: the framing would eat most of the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for bodies compressed per request (pages and API JSON). The server answers
 * thousands of requests a second on two cores, so it trades a little size for much less CPU;
 * built assets are compressed once, at build time, at the highest quality.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
const DYNAMIC_GZIP_LEVEL = 6;

/**
 * Answers held whole in memory (API JSON, rendered pages) up to this size are compressed in one
 * call and leave in one write, headers and body together, with their Content-Length: once written,
 * a server killed at that instant still delivers them whole (the kernel holds the bytes), and one
 * killed before has sent nothing, so a load balancer can replay the request on another server. A
 * compression stream would send the headers first and the body a turn or more later: an answer cut
 * in between cannot be replayed. Compressing 100 kB of JSON at these levels takes about half a
 * millisecond. Larger answers, and streams (files), are compressed as they go.
 */
export const WHOLE_COMPRESSION_MAX_BYTES = 1024 * 1024;

/**
 * Compresses dynamic answers (HTML pages, API JSON) above the threshold, negotiated by
 * Accept-Encoding. Registered before the routes: the plugin attaches itself to each route as it is
 * added. Answers that already carry a Content-Encoding (the static host's precompressed files)
 * are passed through untouched.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: WHOLE_COMPRESSION_MAX_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
  });
}

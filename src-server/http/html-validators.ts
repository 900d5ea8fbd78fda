import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { matchesIfNoneMatch } from './shared-cache.ts';

/**
 * A weak validator from the page body: the same page compressed or not is the same content, so
 * one tag serves every encoding.
 */
export const htmlEtagOf = (body: string | Buffer): string =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const isHtml = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('text/html');

/**
 * Every full HTML page answered to a GET carries an ETag, and a browser revalidating a page it
 * holds (Cache-Control: no-cache) gets a bodiless 304 when nothing changed. Runs before the
 * compression step, so the tag is taken from the page itself.
 */
export function installHtmlValidators(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || !isHtml(reply.getHeader('content-type'))) return payload;
    // A page that brings its own tag (a kept server-rendered page) is not hashed again.
    let etag = reply.getHeader('etag');
    if (typeof etag !== 'string') {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      etag = htmlEtagOf(payload);
      reply.header('etag', etag);
    }
    // If-None-Match compares weakly: the opaque part alone.
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag.replace(/^W\//, ''))) return payload;
    reply.code(304).removeHeader('content-length').removeHeader('content-encoding');
    return null;
  });
}

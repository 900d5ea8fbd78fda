import { lookup as dnsLookup, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Limits of a download the server makes on a user's behalf (a feed file, an image link). */
export interface RemoteFetchLimits {
  maxBytes: number;
  /** The whole download, redirects included. */
  timeoutMs: number;
  /** Loopback and private networks are refused unless this is set (tests serve files locally). */
  allowPrivateAddresses: boolean;
  maxRedirects?: number;
}

/** A download that was refused or failed, with a message the user may read. */
export class RemoteFetchError extends Error {}

export interface RemoteFile {
  bytes: Buffer;
  contentType: string | null;
}

/** Whether an address is on the public internet (not loopback, private, link-local, reserved …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  // An IPv4-compatible address (::a.b.c.d, deprecated) carries an IPv4 address ipaddr.js calls unicast.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return false;
  }
  return parsed.range() === 'unicast';
}

/** Resolves like the system resolver, then refuses every non-public address (no DNS rebinding past it). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const every: LookupAllOptions = { ...options, all: true };
    dnsLookup(hostname, every, (error, list) => {
      if (error) return callback(error, '', 0);
      const refused = !allowPrivate && list.some((entry) => !isPublicAddress(entry.address));
      if (refused || list.length === 0) {
        return callback(new RemoteFetchError(`${hostname} is not a public internet address.`), '', 0);
      }
      if (options.all) return callback(null, list);
      const [first] = list;
      return first ? callback(null, first.address, first.family) : callback(null, '', 0);
    });
  };
}

function checkUrl(text: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RemoteFetchError('The address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteFetchError('Only http and https addresses can be fetched.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
    throw new RemoteFetchError(`${host} is not a public internet address.`);
  }
  if (!allowPrivate && /^localhost$|\.localhost$/i.test(host)) {
    throw new RemoteFetchError(`${host} is not a public internet address.`);
  }
  return url;
}

/**
 * Why an address cannot be fetched on a user's behalf (not http(s), a loopback, private or
 * link-local host), or null when it may be. Checked when the address is saved, so the user learns
 * at once; a host name that resolves to such an address is still refused at download.
 */
export function remoteAddressProblem(text: string, allowPrivate: boolean): string | null {
  try {
    checkUrl(text, allowPrivate);
    return null;
  } catch (error) {
    if (error instanceof RemoteFetchError) return error.message;
    throw error;
  }
}

/**
 * Downloads a file over http(s) within limits: its size (the declared length and the bytes that
 * arrive), a time for the whole transfer, a few redirects (each target checked again), and no
 * loopback or private addresses (checked on the resolved address the connection uses).
 */
export async function fetchRemoteFile(address: string, limits: RemoteFetchLimits): Promise<RemoteFile> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkUrl(address, limits.allowPrivateAddresses);
  for (let redirects = 0; ; redirects += 1) {
    const answer = await requestOnce(url, limits, signal);
    if ('redirect' in answer) {
      if (redirects >= (limits.maxRedirects ?? 3))
        throw new RemoteFetchError('The address redirects too often.');
      url = checkUrl(new URL(answer.redirect, url).toString(), limits.allowPrivateAddresses);
      continue;
    }
    return answer;
  }
}

function requestOnce(
  url: URL,
  limits: RemoteFetchLimits,
  signal: AbortSignal,
): Promise<RemoteFile | { redirect: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      if (signal.aborted)
        reject(new RemoteFetchError(`The download took longer than ${limits.timeoutMs / 1000} s.`));
      else if (error instanceof RemoteFetchError) reject(error);
      else reject(new RemoteFetchError(`The download failed: ${(error as Error).message}`));
    };
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(limits.allowPrivateAddresses),
        headers: { 'accept-encoding': 'identity' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(
            new RemoteFetchError(`The server answered ${status} ${response.statusMessage ?? ''}`.trim()),
          );
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          response.destroy();
          reject(new RemoteFetchError(tooLarge(limits.maxBytes)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(new RemoteFetchError(tooLarge(limits.maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', fail);
        response.on('end', () =>
          resolve({ bytes: Buffer.concat(chunks), contentType: response.headers['content-type'] ?? null }),
        );
      },
    );
    request.on('error', fail);
  });
}

const tooLarge = (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`;

import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEntry, OutboxList, OutboxMessage } from '../../../shared/contract/admin.ts';
import { notFound } from '../../http/errors.ts';

/** The newest messages listed; the folder is a local developer's and staff's view, not an archive. */
const LISTED = 200;

export const OUTBOX_MESSAGES = {
  notFound: 'No message of that name is in the outbox.',
} as const;

/** Header names in lower case, folded lines joined, encoded words decoded. */
function readHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(part);
  if (!match) return { headers: readHeaders(part), body: '' };
  return {
    headers: readHeaders(part.slice(0, match.index)),
    body: part.slice(match.index + match[0].length),
  };
}

const utf8 = new TextDecoder('utf-8');

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(joined[i]));
    }
  }
  return utf8.decode(new Uint8Array(bytes));
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The plain-text part of a message: the part itself, or the first text/plain of a multipart one. */
function plainTextOf(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const raw of body.split(`--${boundary}`).slice(1)) {
      if (raw.startsWith('--')) break;
      const part = splitPart(raw.replace(/^\r?\n/, ''));
      const text = plainTextOf(part.headers, part.body);
      if (text) return text;
    }
    return '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  return decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r?\n$/, '');
}

async function readMessage(dir: string, name: string): Promise<OutboxMessage> {
  const file = path.join(dir, name);
  const raw = await readFile(file, 'utf8');
  const { headers, body } = splitPart(raw);
  const dated = new Date(headers.get('date') ?? '');
  const date = Number.isNaN(dated.getTime()) ? (await stat(file)).mtime : dated;
  return {
    name,
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    date: date.toISOString(),
    text: plainTextOf(headers, body),
  };
}

const isOutboxFile = (name: string) => /^[\w.-]{1,120}\.eml$/.test(name);

/** The outbox's newest messages; not in use (and empty) when mail goes out through SMTP. */
export async function listOutbox(dir: string | null): Promise<OutboxList> {
  if (dir === null) return { inUse: false, total: 0, results: [] };
  const names = (await readdir(dir).catch(() => [] as string[])).filter(isOutboxFile);
  // File names start with the time they were written, so the name order is the time order.
  const newest = names.sort().reverse().slice(0, LISTED);
  const results: OutboxEntry[] = [];
  for (const name of newest) {
    const { text: _text, from: _from, ...entry } = await readMessage(dir, name);
    results.push(entry);
  }
  return { inUse: true, total: names.length, results };
}

export async function readOutboxMessage(dir: string | null, name: string): Promise<OutboxMessage> {
  if (dir === null || !isOutboxFile(name)) throw notFound(OUTBOX_MESSAGES.notFound);
  try {
    return await readMessage(dir, name);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') throw notFound(OUTBOX_MESSAGES.notFound);
    throw error;
  }
}

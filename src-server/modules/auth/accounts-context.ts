import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Throttle } from './throttle.ts';

/** What the auth and users modules share: the database, mail, throttling and settings. */
export interface AccountsDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  throttle: Throttle;
  log: FastifyBaseLogger;
}

/** Runs mail work after the answer is sent, so its timing never tells whether an account exists. */
export function inBackground(
  deps: Pick<AccountsDeps, 'log'>,
  what: string,
  work: () => Promise<unknown>,
): void {
  setImmediate(() => {
    work().catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`));
  });
}

/** Mail whose failure must not undo the request (the account exists either way); failures are logged. */
export async function sendQuietly(
  deps: Pick<AccountsDeps, 'log' | 'mailer'>,
  message: Parameters<Mailer['send']>[0],
): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, subject: message.subject }, 'mail could not be sent');
  }
}

/**
 * The client address that per-address limits count: IPv4 as is (IPv4-mapped IPv6 unwrapped),
 * IPv6 by its /64 network, since one subscriber usually holds a whole /64.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

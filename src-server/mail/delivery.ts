import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/** Mail work started after its answer and not finished yet (see `backgroundMailSettled`). */
const pending = new Set<Promise<void>>();

/** Runs mail work after the answer is sent, so its timing never tells whether an account exists. */
export function inBackground(
  deps: { log: FastifyBaseLogger },
  what: string,
  work: () => Promise<unknown>,
): void {
  const done = new Promise<void>((resolve) => {
    setImmediate(() => {
      work()
        .catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`))
        .finally(resolve);
    });
  });
  pending.add(done);
  void done.finally(() => pending.delete(done));
}

/**
 * Resolves once the mail work started so far has finished: the app waits for it when it closes,
 * before its database, so a mail asked for just before a shutdown is still written or sent (and
 * nothing writes to the outbox after the server has stopped).
 */
export async function backgroundMailSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Mail whose failure must not undo the request (the account exists either way); failures are logged. */
export async function sendQuietly(
  deps: { log: FastifyBaseLogger; mailer: Mailer },
  message: MailMessage,
): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, subject: message.subject }, 'mail could not be sent');
  }
}

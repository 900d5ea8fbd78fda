import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/** Runs mail work after the answer is sent, so its timing never tells whether an account exists. */
export function inBackground(
  deps: { log: FastifyBaseLogger },
  what: string,
  work: () => Promise<unknown>,
): void {
  setImmediate(() => {
    work().catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`));
  });
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

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body; every message has one. */
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerLogger {
  info(object: Record<string, unknown>, message: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it each message is written to `outboxDir` as an .eml file. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  logger?: MailerLogger | undefined;
}

/** Where the local mailer writes messages: null when mail goes out through SMTP. */
export function outboxDirFor(config: { smtpUrl?: string | undefined; dataDir: string }): string | null {
  return config.smtpUrl ? null : `${config.dataDir}/outbox`;
}

/** The sender address of every message: no-reply at the public site's host. */
export function senderFor(publicOrigin: string): string {
  const host = new URL(publicOrigin).hostname;
  const domain = host.includes('.') ? host : `${host}.localdomain`;
  return `Ironsight <no-reply@${domain}>`;
}

/**
 * The one mailer: SMTP when configured, otherwise an outbox folder of .eml files (each write is
 * logged with its path) so the confirmation and reset flows can be followed locally.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger?.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger?.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}

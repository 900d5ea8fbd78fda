import type { MailMessage } from './mailer.ts';

/** Who an auction e-mail goes to. */
export interface AuctionMailRecipient {
  email: string;
  firstName: string;
}

/** What an auction e-mail says: its subject, the sentence it tells, and the auction it links to. */
export interface AuctionMailFacts {
  subject: string;
  sentence: string;
  title: string;
  /** The auction's page, absolute. */
  url: string;
  /** Why this person gets it, and how not to, when that is theirs to choose. */
  footnote?: string;
}

/**
 * Every auction e-mail (outbid, won, ending soon, second chance): the sentence its dashboard alert
 * says, then the auction's title and page. Times in it are written in UTC (`mailTimeText`).
 */
export function auctionMessage(to: AuctionMailRecipient, facts: AuctionMailFacts): MailMessage {
  return {
    to: to.email,
    subject: facts.subject,
    text: [
      `Hi ${to.firstName},`,
      '',
      facts.sentence,
      '',
      `  ${facts.title}`,
      `  ${facts.url}`,
      ...(facts.footnote ? ['', facts.footnote] : []),
      '',
      '— Ironsight',
    ].join('\n'),
  };
}

/** A time as an e-mail (or an error message) writes it, the reader's zone being unknown: "2026-12-06 12:00 UTC". */
export const mailTimeText = (at: Date | string) =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

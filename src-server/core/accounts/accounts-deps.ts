import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Throttle } from '../throttle.ts';

/** What the auth and users modules share: the database, mail, throttling and settings. */
export interface AccountsDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  throttle: Throttle;
  log: FastifyBaseLogger;
}

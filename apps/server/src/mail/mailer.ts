import type { Config } from '../config';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export type MailPurpose =
  | 'password-reset'
  | 'verify-email'
  | 'invitation'
  | 'insight-alert'
  | 'goal-reminder'
  | 'webhook-disabled'
  | 'new-device'
  | 'caregiver-invitation';

/** One outgoing mail. `link` carries a secret code: it is logged only outside production. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  purpose: MailPurpose;
  link: string;
}

/** Sends mail. Injected, so tests and the CLI choose their own. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The few log calls a mailer makes; satisfied by pino and Fastify's logger. */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** SMTP when SMTP_URL is set; otherwise .eml files in `<dataDir>/outbox` — mail is never silently dropped. */
export function createMailer(config: Config, log: MailLog): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom, log);
  return new OutboxMailer(config.dataDir, config.mailFrom, log, config.env !== 'production');
}

import type { Config } from '../config';
import type { MailLog, Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise .eml files in `<dataDir>/outbox` — mail is never silently dropped. */
export function createMailer(config: Config, log: MailLog): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom, log);
  return new OutboxMailer(config.dataDir, config.mailFrom, log, config.env !== 'production');
}

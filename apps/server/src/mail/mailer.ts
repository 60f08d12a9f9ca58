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

import nodemailer from 'nodemailer';
import type { MailLog, Mailer, MailMessage } from './mailer';

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    this.log.info({ purpose: message.purpose, messageId: info.messageId }, 'mail sent');
  }

  close(): void {
    this.transport.close();
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailLog, Mailer, MailMessage } from './mailer';

/** Writes each mail as an RFC 822 .eml file to `<dataDir>/outbox/<timestamp>-<purpose>-<random>.eml`. */
export class OutboxMailer implements Mailer {
  readonly dir: string;
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly log: MailLog,
    /** Outside production the link is logged so a newcomer without SMTP can follow it. */
    private readonly logLinks: boolean,
  ) {
    this.dir = path.join(dataDir, 'outbox');
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    const raw = info.message;
    if (!Buffer.isBuffer(raw)) throw new Error('nodemailer stream transport did not buffer the message');
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${message.purpose}-${randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, raw, { mode: 0o600 });
    if (this.logLinks)
      this.log.info({ file, link: message.link }, `mail written to the outbox: ${message.link}`);
    else this.log.info({ file, purpose: message.purpose }, 'mail written to the outbox');
  }

  close(): void {
    this.transport.close();
  }
}

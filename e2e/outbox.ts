import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where the e2e server (scripts/e2e-server.mjs) writes mail when no SMTP server is configured. */
export const OUTBOX = path.resolve(
  import.meta.dirname,
  '..',
  // A helper's own server (E2E_DATA_DIR, as scripts/e2e-server.mjs reads it) writes its own outbox.
  process.env.E2E_DATA_DIR ?? path.join('test-results', 'e2e-data'),
  'outbox',
);

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function header(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

function decodeBody(body: string, encoding: string): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Parses one single-part plain-text .eml, as the server's outbox mailer writes them. */
export async function readMail(file: string): Promise<OutboxMail> {
  const raw = await fs.readFile(file, 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return {
    file,
    to: header(head, 'To'),
    subject: header(head, 'Subject'),
    text: decodeBody(body, header(head, 'Content-Transfer-Encoding')),
  };
}

/**
 * The newest mail to `to` whose link goes to `linkPath`, waiting for it to arrive. File names start
 * with an ISO timestamp, so name order is arrival order.
 */
export async function latestLink(to: string, linkPath: '/reset-password' | '/verify-email'): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(OUTBOX).catch(() => [] as string[]);
        for (const name of names
          .filter((n) => n.endsWith('.eml'))
          .sort()
          .reverse()) {
          const mail = await readMail(path.join(OUTBOX, name));
          if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
          const found = /https?:\/\/\S+/.exec(mail.text)?.[0];
          if (found && new URL(found).pathname === linkPath) {
            link = new URL(found);
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a ${linkPath} link`, timeout: 10_000 },
    )
    .toBe(true);
  if (!link) throw new Error('unreachable');
  return link;
}

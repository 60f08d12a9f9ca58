import fs from 'node:fs';
import path from 'node:path';
import type { Session } from '@healthfolio/core';
import { expect } from 'vitest';
import { createAccount } from '../../src/identity/accounts';
import type { TestApp } from '../app';

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(public ms = Date.parse('2026-03-01T09:00:00Z')) {}
  now = () => this.ms;
  advance(ms: number) {
    this.ms += ms;
  }
}

export const PASSWORD = 'correct horse battery';

/** Ada, marathoner with a Garmin and an Oura ring — our default signed-up persona. */
export async function createUser(
  t: TestApp,
  email = 'ada@example.com',
  password = PASSWORD,
  verified = false,
) {
  return createAccount(t.identity, {
    email,
    password,
    name: email.split('@')[0] ?? '',
    emailVerified: verified,
  });
}

export async function login(t: TestApp, email: string, password = PASSWORD, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

export async function signIn(t: TestApp, email = 'ada@example.com', password = PASSWORD): Promise<Session> {
  const res = await login(t, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Session }).data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest .eml in the outbox for a purpose, decoded from quoted-printable. */
export async function readOutbox(
  t: TestApp,
  purpose: string,
): Promise<{ to: string; body: string; files: string[] }> {
  await t.identity.background.idle();
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.includes(`-${purpose}-`))
        .sort()
    : [];
  const last = files[files.length - 1];
  if (!last) throw new Error(`no ${purpose} mail in the outbox`);
  const raw = fs.readFileSync(path.join(dir, last), 'utf8');
  const [head = '', ...rest] = raw.split('\n\n');
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const to = /^To: (.+)$/m.exec(head)?.[1] ?? '';
  return { to, body: Buffer.from(body, 'latin1').toString('utf8'), files };
}

/** The code of the link in the newest mail of that purpose. */
export async function codeFromOutbox(t: TestApp, purpose: string): Promise<string> {
  const { body } = await readOutbox(t, purpose);
  const match = /[?&](?:code|invitation)=([A-Za-z0-9_-]+)/.exec(body);
  if (!match?.[1]) throw new Error(`no code in the ${purpose} mail`);
  return match[1];
}

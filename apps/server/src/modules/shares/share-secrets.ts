import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** 256 random bits, URL-safe: the share's token and a SMART Health Link's manifest id. */
export const newSecret = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A 6-digit code the owner sends the recipient separately. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** `<salt>:<sha256(salt:secret)>`: a leaked table does not hand out codes by a lookup table. */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const given = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * What a share's view log keeps of an address: its /24 (IPv4) or /48 (IPv6) network, enough to tell a
 * clinic from elsewhere without naming a machine.
 */
export function truncateIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? (isIPv4(ip) ? ip : null);
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/48`;
}

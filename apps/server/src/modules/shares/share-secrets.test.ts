import { describe, expect, it } from 'vitest';
import { codeMatches, hashCode, newSecret, truncateIp } from './share-secrets';

describe('share secrets', () => {
  it('keeps only the /24 of an IPv4 address, mapped or not', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('keeps only the /48 of an IPv6 address', () => {
    expect(truncateIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(truncateIp('::1')).toBe('0:0:0::/48');
    expect(truncateIp('not an address')).toBeNull();
  });

  it('makes 256-bit tokens and checks codes against their salted hash', () => {
    expect(Buffer.from(newSecret(), 'base64url')).toHaveLength(32);
    const stored = hashCode('042917');
    expect(stored).not.toContain('042917');
    expect(codeMatches(stored, '042917')).toBe(true);
    expect(codeMatches(stored, '042918')).toBe(false);
  });
});

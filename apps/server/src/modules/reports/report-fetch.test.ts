import { describe, expect, it } from 'vitest';
import { hostAllowed, isPrivateAddress } from './report-fetch';

describe('where reports may be fetched from', () => {
  it('allows the provider’s host and its subdomains, and host:port only exactly', () => {
    const hosts = ['bodyspec.com', '*.reports.example.org', '127.0.0.1:8443'];
    expect(hostAllowed(new URL('https://bodyspec.com/r.pdf'), hosts)).toBe(true);
    expect(hostAllowed(new URL('https://app.bodyspec.com/r.pdf'), hosts)).toBe(true);
    expect(hostAllowed(new URL('https://evilbodyspec.com/r.pdf'), hosts)).toBe(false);
    expect(hostAllowed(new URL('https://bodyspec.com.evil.net/r.pdf'), hosts)).toBe(false);
    expect(hostAllowed(new URL('https://a.reports.example.org/r.pdf'), hosts)).toBe(true);
    expect(hostAllowed(new URL('https://127.0.0.1:8443/r.pdf'), hosts)).toBe(true);
    expect(hostAllowed(new URL('https://127.0.0.1:9000/r.pdf'), hosts)).toBe(false);
  });

  it('knows private, loopback and link-local addresses, mapped ones too', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '2606:4700::6810:85e5']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

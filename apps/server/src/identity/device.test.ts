import { describe, expect, it } from 'vitest';
import { describeDevice, describePlace, deviceParts, networkParts, sessionOrigin } from './device';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    [null, 'Unknown device'],
  ])('%s → %s', (agent, expected) => {
    expect(describeDevice(agent)).toBe(expected);
  });
});

describe('describePlace', () => {
  it.each([
    ['127.0.0.1', 'This computer'],
    ['::1', 'This computer'],
    ['192.168.1.20', 'Local network'],
    ['10.0.0.5', 'Local network'],
    ['172.20.1.1', 'Local network'],
    ['::ffff:192.0.2.44', '192.0.2.x'],
    ['203.0.113.7', '203.0.113.x'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3::/48'],
    ['2001:0db8::1', '2001:db8:0::/48'],
    ['fd12:3456::1', 'Local network'],
    [null, 'Unknown network'],
  ])('%s → %s', (ip, expected) => {
    expect(describePlace(ip)).toBe(expected);
  });
});

describe('the parts the words are built from', () => {
  it('takes browser and system apart, null where the user agent does not say', () => {
    expect(deviceParts('Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X)')).toEqual({
      browser: null,
      system: 'iOS',
    });
    expect(deviceParts('curl/8.5.0')).toEqual({ browser: 'curl', system: null });
    expect(deviceParts(null)).toEqual({ browser: null, system: null });
  });

  it.each([
    ['127.0.0.1', 'this-computer', null],
    ['::1', 'this-computer', null],
    ['169.254.3.4', 'local', null],
    ['fe80::1', 'local', null],
    ['100.64.0.1', 'carrier', null],
    ['::ffff:192.0.2.44', 'public', '192.0.2.x'],
    ['2001:db8:85a3::8a2e:370:7334', 'public', '2001:db8:85a3::/48'],
    ['not an address', 'unknown', null],
    [null, 'unknown', null],
  ])('%s is a %s network', (ip, network, networkPrefix) => {
    expect(networkParts(ip)).toEqual({ network, networkPrefix });
  });

  it('gives a session both its parts and their English words', () => {
    expect(
      sessionOrigin(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        '100.100.1.1',
      ),
    ).toEqual({
      device: 'Chrome on Android',
      place: 'Carrier network',
      browser: 'Chrome',
      system: 'Android',
      network: 'carrier',
      networkPrefix: null,
    });
  });
});

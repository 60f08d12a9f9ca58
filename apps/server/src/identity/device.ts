import { isIPv4, isIPv6 } from 'node:net';

/** Browser tokens in the order they must be tested: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(?:Healthfolio|okhttp|Dalvik)\b/i, 'App'],
  [/^curl\//, 'curl'],
];

/** Systems, also in test order: Android says "Linux", iOS says "like Mac OS X". */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly [RegExp, string][], agent: string) =>
  table.find(([pattern]) => pattern.test(agent))?.[1];

/**
 * "Firefox on Windows", "Safari on iOS" — what a person recognises in a list of their sessions. Only the
 * browser family and the system: versions change with every update and would make a known device look new.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Browser on ${system}` : 'Unknown device');
}

/**
 * Where a session comes from, told by the address's network alone — no lookup service learns who signs in:
 * "This computer", "Local network", or the public network with its last part hidden ("203.0.113.x",
 * "2001:db8:85a3::/48").
 */
export function describePlace(ip: string | null): string {
  if (!ip) return 'Unknown network';
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(address)) {
    const [a = 0, b = 0, c = 0] = address.split('.').map(Number);
    if (a === 127) return 'This computer';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'Local network';
    if (a === 169 && b === 254) return 'Local network';
    if (a === 100 && b >= 64 && b <= 127) return 'Carrier network';
    return `${a}.${b}.${c}.x`;
  }
  if (isIPv6(address)) {
    const lower = address.toLowerCase();
    if (lower === '::1') return 'This computer';
    if (/^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)) return 'Local network';
    const groups = expandIPv6(lower)
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''));
    return `${groups.join(':')}::/48`;
  }
  return 'Unknown network';
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

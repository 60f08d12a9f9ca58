/**
 * A session's device and network, read from its user agent and address alone (no lookup service learns who
 * signs in). Each is first taken apart — browser and system, network kind and a public network's prefix —
 * for the sessions list, which the web words in the person's language; the English words of the `device`
 * and `place` fields and of the new-device mail are built from those parts here and nowhere else.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { SessionNetwork } from '@healthfolio/core';

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
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

/**
 * Only the browser family and the system: versions change with every update and would make a known device
 * look new. Null where the user agent does not say.
 */
export interface DeviceParts {
  browser: string | null;
  system: string | null;
}

/** The network kind; a public address also keeps its network with the last part hidden. */
export type NetworkParts =
  | { network: 'public'; networkPrefix: string }
  | { network: Exclude<SessionNetwork, 'public'>; networkPrefix: null };

/** Everything the sessions list says about where a session is: parts and their English words. */
export type SessionOrigin = DeviceParts & NetworkParts & { device: string; place: string };

export function deviceParts(userAgent: string | null): DeviceParts {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}

/** "Firefox on Windows", "Safari on iOS" — what a person recognises in a list of their sessions. */
export function deviceWords({ browser, system }: DeviceParts): string {
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return system ? `Browser on ${system}` : 'Unknown device';
}

export const describeDevice = (userAgent: string | null): string => deviceWords(deviceParts(userAgent));

const local = { network: 'local', networkPrefix: null } as const;
const thisComputer = { network: 'this-computer', networkPrefix: null } as const;
const unknown = { network: 'unknown', networkPrefix: null } as const;

/**
 * Loopback is this computer; private and link-local ranges the local network; 100.64.0.0/10 a carrier's
 * network; any other address is public, told by its network only ("203.0.113.x", "2001:db8:85a3::/48").
 */
export function networkParts(ip: string | null): NetworkParts {
  if (!ip) return unknown;
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(address)) return ipv4Network(address);
  if (isIPv6(address)) return ipv6Network(address.toLowerCase());
  return unknown;
}

function ipv4Network(address: string): NetworkParts {
  const [a = 0, b = 0, c = 0] = address.split('.').map(Number);
  if (a === 127) return thisComputer;
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return local;
  if (a === 169 && b === 254) return local;
  if (a === 100 && b >= 64 && b <= 127) return { network: 'carrier', networkPrefix: null };
  return { network: 'public', networkPrefix: `${a}.${b}.${c}.x` };
}

function ipv6Network(address: string): NetworkParts {
  if (address === '::1') return thisComputer;
  if (/^f[cd]/.test(address) || /^fe[89ab]/.test(address)) return local;
  const groups = expandIPv6(address)
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''));
  return { network: 'public', networkPrefix: `${groups.join(':')}::/48` };
}

const NETWORK_WORDS: Record<Exclude<SessionNetwork, 'public'>, string> = {
  'this-computer': 'This computer',
  local: 'Local network',
  carrier: 'Carrier network',
  unknown: 'Unknown network',
};

/** "This computer", "Local network", "Carrier network", "Unknown network", or the public network's prefix. */
export function placeWords(parts: NetworkParts): string {
  return parts.network === 'public' ? parts.networkPrefix : NETWORK_WORDS[parts.network];
}

export const describePlace = (ip: string | null): string => placeWords(networkParts(ip));

/** A session's device and network, as parts and in English words. */
export function sessionOrigin(userAgent: string | null, ip: string | null): SessionOrigin {
  const device = deviceParts(userAgent);
  const network = networkParts(ip);
  return { ...device, ...network, device: deviceWords(device), place: placeWords(network) };
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

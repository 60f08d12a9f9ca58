import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { AppError } from '../../http/errors';

/** Where and how a report may be fetched from: the provider's hosts only, over https, bounded. */
export interface ReportFetchPolicy {
  /** "bodyspec.com" (and its subdomains), "*.example.com", or "host:port" exactly. */
  hosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Tests only: plain http and loopback or private addresses, for hosts on the list. */
  allowInsecure: boolean;
}

export const DEFAULT_REPORT_FETCH = { maxBytes: 20 * 1024 ** 2, timeoutMs: 15_000, maxRedirects: 3 };

/** Addresses a server must never be made to call on someone's behalf. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  return family === 4 ? PRIVATE.check(address, 'ipv4') : family === 6 ? PRIVATE.check(address, 'ipv6') : true;
}

/** Whether a URL's host is one the policy names. */
export function hostAllowed(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return hosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e === '') return false;
    if (e.includes(':')) return e === url.host.toLowerCase();
    if (e.startsWith('*.')) return host.endsWith(e.slice(1));
    return host === e || host.endsWith(`.${e}`);
  });
}

const refused = (message: string) => new AppError('validation', `reportUrl: ${message}`);
const failed = (message: string) =>
  new AppError('unprocessable', `We could not fetch the report: ${message}`);

/**
 * Downloads a report PDF to `target`: https only, from the policy's hosts only (redirects too), never
 * to a private or loopback address (checked on the address actually connected to), within the size and
 * time limits. Answers the file's name and size; removes what it wrote when it fails.
 */
export async function fetchReport(
  reportUrl: string,
  policy: ReportFetchPolicy,
  target: string,
): Promise<{ fileName: string; size: number }> {
  let url = parse(reportUrl, policy);
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, policy, deadline);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= policy.maxRedirects) throw failed('it redirected too many times.');
        url = parse(new URL(response.headers.location, url).toString(), policy);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw failed(`${url.host} answered ${status}.`);
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > policy.maxBytes) {
        response.destroy();
        throw tooLarge(policy.maxBytes);
      }
      const size = await save(response, target, policy.maxBytes);
      return { fileName: fileNameOf(url), size };
    }
  } catch (error) {
    await rm(target, { force: true });
    if (error instanceof AppError) throw error;
    if (deadline.aborted) throw failed(`it took longer than ${Math.round(policy.timeoutMs / 1000)} s.`);
    throw failed((error as Error).message);
  }
}

function parse(text: string, policy: ReportFetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused('this is not a link.');
  }
  const insecure = url.protocol === 'http:' && policy.allowInsecure;
  if (url.protocol !== 'https:' && !insecure) throw refused('only https links are fetched.');
  if (url.username || url.password) throw refused('links with a user name or password are not fetched.');
  if (!hostAllowed(url, policy.hosts)) {
    throw refused(`we fetch reports only from ${policy.hosts.join(', ')}.`);
  }
  // An address written as such is connected to without a lookup: check it here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isPrivateAddress(literal) && !policy.allowInsecure) {
    throw refused(`${literal} is a private address.`);
  }
  return url;
}

function request(url: URL, policy: ReportFetchPolicy, signal: AbortSignal): Promise<http.IncomingMessage> {
  // The address is checked where it is resolved for the connection itself, so a name that resolves to
  // something else a moment later (DNS rebinding) cannot slip past.
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { all: true }).then(
      (addresses) => {
        const bad = addresses.find((a) => isPrivateAddress(a.address));
        if (bad && !policy.allowInsecure) {
          callback(failed(`${hostname} is a private address.`), '', 4);
          return;
        }
        const first = addresses[0]!;
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup, signal, headers: { accept: 'application/pdf' } }, resolve);
    req.on('error', reject);
  });
}

async function save(response: http.IncomingMessage, target: string, maxBytes: number): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(tooLarge(maxBytes));
      else done(null, chunk);
    },
  });
  await pipeline(response, counter, createWriteStream(target));
  return size;
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `The report is larger than the ${Math.round(maxBytes / 1024 ** 2)} MB we fetch.`,
  );

function fileNameOf(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').replace(/[^\w.\- ]/g, '');
  return /\.pdf$/i.test(last) ? last.slice(0, 200) : 'bodyspec-report.pdf';
}

// A push service on loopback, as a browser vendor's is described by RFC 8030 (a POST to the
// subscription's endpoint: 201 accepted, 404/410 gone), with the receiving browser's side written
// from RFC 8291 and RFC 8292 independently of the server's `web-push` package: it makes the browser's
// keys, checks the VAPID token and decrypts the aes128gcm body with node:crypto alone.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted message. */
  plaintext: string;
  /** The VAPID token's claims, after its ES256 signature was checked with the `k=` key. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

/** A browser's subscription keys: the private half stays with the "browser" (the test). */
export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the user agent's decryption of one aes128gcm message. */
export function decryptAes128gcm(
  body: Buffer,
  browser: Pick<FakeBrowser, 'privateKey' | 'publicKey' | 'authSecret'>,
): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not an uncompressed P-256 key`);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(browser.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; checks the ES256 signature with k. */
export function checkVapid(header: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string };
  if (header64.alg !== 'ES256') throw new Error(`VAPID alg ${header64.alg}`);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { ...body, publicKey: k };
}

/** The push service: each endpoint path answers `status(path)` (201 unless told otherwise). */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const browsers = new Map<string, FakeBrowser>();
  const gone = new Set<string>();
  const waiters: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (gone.has(path)) {
        response.writeHead(410).end();
        return;
      }
      const browser = browsers.get(path);
      if (request.method !== 'POST' || !browser) {
        response.writeHead(404).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = checkVapid(request.headers.authorization);
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), browser);
        received.push({ path, headers: request.headers, plaintext, vapid });
        response.writeHead(201, { location: `${path}/m/${received.length}` }).end();
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new browser's subscription: an endpoint here and its own P-256 keys and auth secret. */
    browser(): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/wpush/${randomBytes(12).toString('base64url')}`;
      const made: FakeBrowser = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        privateKey: ecdh.getPrivateKey(),
        publicKey: ecdh.getPublicKey(),
        authSecret,
      };
      browsers.set(path, made);
      return made;
    },
    /** The browser unsubscribed or expired: its endpoint answers 410 Gone from now on. */
    expire(endpoint: string) {
      gone.add(new URL(endpoint).pathname);
    },
    /** Resolves once `count` messages were received. */
    async waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedPush[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`only ${received.length} of ${count} push messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

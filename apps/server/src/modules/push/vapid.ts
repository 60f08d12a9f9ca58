import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: the browser's `applicationServerKey`. */
  publicKey: string;
  /** base64url, 32 bytes. */
  privateKey: string;
  /** `mailto:` or `https:` contact a push service may write to (RFC 8292). */
  subject: string;
}

const KEY_FILE = 'vapid.json';

/**
 * The server's VAPID keys (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when the operator gives
 * them, else made on the first start and kept in DATA_DIR/vapid.json (mode 0600). They must stay the
 * same for the server's life — every browser's subscription is bound to the public key.
 */
export function loadVapidKeys(options: {
  dataDir: string;
  publicKey?: string;
  privateKey?: string;
  subject?: string;
  publicUrl: string;
  mailFrom: string;
}): VapidKeys {
  const subject = options.subject ?? defaultSubject(options.publicUrl, options.mailFrom);
  if (options.publicKey && options.privateKey) {
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject };
  }
  if (options.publicKey || options.privateKey) {
    throw new Error('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  const file = path.join(options.dataDir, KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    const made = webpush.generateVAPIDKeys();
    fs.writeFileSync(file, JSON.stringify(made), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error(`${file} does not hold VAPID keys`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/** The server's https address when it has one, else a mailto: of the sender address of its mails. */
function defaultSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

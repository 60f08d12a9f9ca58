import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TokenSet } from '@healthfolio/connectors';

const KEY_FILE = 'encryption.key';

/**
 * Seals provider tokens at rest with AES-256-GCM (DESIGN "Sources"). The key comes from ENCRYPTION_KEY
 * (any string; hashed to 32 bytes) or, when unset, from a key file generated once in the data directory
 * with owner-only permissions — so a copied database alone never yields a provider token.
 */
export class TokenVault {
  private constructor(private readonly key: Buffer) {}

  static open(dataDir: string, configured?: string): TokenVault {
    if (configured) return new TokenVault(createHash('sha256').update(configured).digest());
    const file = path.join(dataDir, KEY_FILE);
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
    return new TokenVault(key);
  }

  /**
   * Seals any secret text bound to its owner and purpose (`userId` and `purpose` are the AES-GCM
   * associated data): a sealed value copied into another user's row, or read for another purpose, does
   * not open. Used for TOTP secrets (purpose `totp`).
   */
  sealFor(plain: string, userId: string, purpose: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${purpose}\u0000${userId}`, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The text sealed by `sealFor` for this user and purpose, or undefined (another key, user or purpose, or tampered). */
  unsealFor(sealed: string, userId: string, purpose: string): string | undefined {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(`${purpose}\u0000${userId}`, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  seal(tokens: TokenSet): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The tokens, or undefined when the sealed text was made with another key or tampered with. */
  unseal(sealed: string): TokenSet | undefined {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as TokenSet;
    } catch {
      return undefined;
    }
  }
}

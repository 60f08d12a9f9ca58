import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * An encrypted backup (format version 1): a 40-byte header, the zip encrypted with AES-256-GCM, and the
 * 16-byte GCM tag at the very end. The header is bound in as associated data, so a changed byte anywhere
 * fails the tag.
 *
 * ```
 * offset  size  field
 *      0     8  magic "HFBACKUP"
 *      8     1  format version (1)
 *      9     1  scrypt cost as log2 N (17: N = 131072)
 *     10     1  scrypt block size r (8)
 *     11     1  scrypt parallelism p (1)
 *     12    16  scrypt salt (random)
 *     28    12  AES-GCM nonce (random)
 *     40     …  ciphertext of the zip
 *  end-16   16  AES-GCM authentication tag
 * ```
 * The key is scrypt(passphrase as UTF-8, salt, 32 bytes, {N, r, p}).
 */
export const MAGIC = Buffer.from('HFBACKUP', 'ascii');
const VERSION = 1;
const HEADER_BYTES = 40;
const TAG_BYTES = 16;
const DEFAULT_COST = { log2N: 17, r: 8, p: 1 };

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function deriveKey(passphrase: string, salt: Buffer, cost: typeof DEFAULT_COST): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** Whether a file starts like an encrypted backup (otherwise it should be a plain zip). */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** A stream that encrypts what passes through it: the header first, the tag last. */
export async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header = Buffer.concat([
    MAGIC,
    Buffer.from([VERSION, DEFAULT_COST.log2N, DEFAULT_COST.r, DEFAULT_COST.p]),
    salt,
    iv,
  ]);
  const key = await deriveKey(passphrase, salt, DEFAULT_COST);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(header);
      }
      done(null, cipher.update(chunk));
    },
    flush(done: TransformCallback) {
      if (!started) this.push(header);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/**
 * Decrypts an encrypted backup into `outFile`, and only answers once the tag matched: a wrong passphrase
 * or a changed byte throws (and removes what was written) before anything is restored.
 */
export async function decryptArchive(file: string, outFile: string, passphrase: string): Promise<void> {
  const size = (await fs.promises.stat(file)).size;
  if (size < HEADER_BYTES + TAG_BYTES) throw new BackupError(`${file} is too short to be a backup.`);
  const handle = await fs.promises.open(file, 'r');
  let header: Buffer;
  let tag: Buffer;
  try {
    header = Buffer.alloc(HEADER_BYTES);
    await handle.read(header, 0, HEADER_BYTES, 0);
    tag = Buffer.alloc(TAG_BYTES);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupError(`${file} is not an encrypted Healthfolio backup.`);
  }
  if (header[8] !== VERSION) {
    throw new BackupError(
      `${file} is an encrypted backup of format ${header[8]}, which this version cannot read.`,
    );
  }
  const cost = { log2N: header[9]!, r: header[10]!, p: header[11]! };
  if (cost.log2N > 22 || cost.r > 32 || cost.p > 16) {
    throw new BackupError(`${file} asks for a key derivation too costly to be one of ours.`);
  }
  const key = await deriveKey(passphrase, header.subarray(12, 28), cost);
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(28, 40));
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      fs.createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      fs.createWriteStream(outFile, { mode: 0o600 }),
    );
  } catch (error) {
    await fs.promises.rm(outFile, { force: true });
    if (error instanceof Error && /auth|authenticate/i.test(error.message)) {
      throw new BackupError(
        'The backup cannot be decrypted: the passphrase is wrong or the file was changed.',
      );
    }
    throw error;
  }
}

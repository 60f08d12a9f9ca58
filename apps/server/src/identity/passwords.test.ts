import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, Passwords } from './passwords';

describe('Passwords', () => {
  it('checks a password against its hash, and a wrong one or a malformed hash as false', async () => {
    const passwords = new Passwords();
    const stored = await passwords.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(stored, 'correct horse')).toBe(true);
    expect(await passwords.verify(stored, 'wrong horse')).toBe(false);
    expect(await passwords.verify('not a hash', 'correct horse')).toBe(false);
  });

  it('leaves a thread of the pool free, so a burst of sign-ins does not hold back their other work', async () => {
    expect(ARGON2_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(ARGON2_CONCURRENCY).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE ?? 4));
    const passwords = new Passwords();
    const stored = await passwords.hash('correct horse');
    const key = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);

    // Twelve sign-ins at once, then one access token signed on the same pool (as the first of them does).
    const finished: string[] = [];
    const verifies = Array.from({ length: 12 }, (_, i) =>
      passwords.verify(stored, 'correct horse').then((ok) => finished.push(`verify ${i} ${ok}`)),
    );
    const signed = webcrypto.subtle
      .sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, new Uint8Array(32))
      .then(() => finished.push('token signed'));
    await Promise.all([...verifies, signed]);

    // The token is not queued behind the burst: it is signed before the last hashes are checked (without
    // the gate it waits for 9 of the 12 to end, the pool's 4 threads running them in turn).
    expect(finished.indexOf('token signed')).toBeLessThan(6);
    expect(finished.filter((f) => f.endsWith('true'))).toHaveLength(12);
  });

  it('checks waiting hashes first come, first served', async () => {
    // One at a time, so the order they end in is the order they were let in.
    const passwords = new Passwords(1);
    const stored = await passwords.hash('correct horse');
    const ended: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        passwords.verify(stored, 'correct horse').then(() => ended.push(i)),
      ),
    );
    expect(ended).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

import { describe, expect, it } from 'vitest';
import type { AuthAttemptsRepository } from './auth-attempts.repository';
import { Throttle } from './throttle';

/** The attempts table in memory, counting the lookups the throttle makes. */
class MemoryAttempts {
  rows: { bucket: string; at: number }[] = [];
  lookups = 0;
  async count(bucket: string, since: number) {
    return this.rows.filter((r) => r.bucket === bucket && r.at > since).length;
  }
  async nthNewest(bucket: string, n: number, since: number) {
    this.lookups++;
    const ats = this.rows
      .filter((r) => r.bucket === bucket && r.at > since)
      .map((r) => r.at)
      .sort((a, b) => b - a);
    return ats[n - 1];
  }
  async record(buckets: string[], at: number) {
    for (const bucket of buckets) this.rows.push({ bucket, at });
  }
  async clear(bucket: string) {
    this.rows = this.rows.filter((r) => r.bucket !== bucket);
  }
  async clearMatching(fragment: string) {
    this.rows = this.rows.filter((r) => !r.bucket.includes(fragment));
  }
  async deleteOlderThan(before: number) {
    this.rows = this.rows.filter((r) => r.at >= before);
  }
}

const retryAfter = async (p: Promise<unknown>) => {
  const error = (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as { status?: number; options?: { headers?: Record<string, string> } } | undefined;
  return error?.status === 429 ? Number(error.options?.headers?.['retry-after']) : undefined;
};

describe('Throttle: a lock the database reported is answered from memory for a moment', () => {
  const setup = () => {
    let now = 1_000_000_000;
    const attempts = new MemoryAttempts();
    const throttle = new Throttle(attempts as unknown as AuthAttemptsRepository, () => now);
    return { attempts, throttle, tick: (ms: number) => (now += ms) };
  };
  const email = 'ada@example.com';
  const ip = '203.0.113.7';

  it('refuses a flooding address without asking the database each time, with the same Retry-After', async () => {
    const { attempts, throttle, tick } = setup();
    for (let i = 0; i < 10; i++) await throttle.recordLoginFailure(email, ip);
    expect(await retryAfter(throttle.checkLogin(email, ip))).toBe(900);
    const asked = attempts.lookups;
    tick(1_500);
    for (let i = 0; i < 100; i++) expect(await retryAfter(throttle.checkLogin(email, ip))).toBe(899);
    expect(attempts.lookups).toBe(asked);
    // Past the moment, the database is asked again (it is the shared truth): still locked there.
    tick(1_000);
    expect(await retryAfter(throttle.checkLogin(email, ip))).toBe(898);
    expect(attempts.lookups).toBeGreaterThan(asked);
  });

  it('a lock lifted in the database (another instance) holds here two seconds at most', async () => {
    const { attempts, throttle, tick } = setup();
    for (let i = 0; i < 10; i++) await throttle.recordLoginFailure(email, ip);
    expect(await retryAfter(throttle.checkLogin(email, ip))).toBeDefined();
    attempts.rows = [];
    expect(await retryAfter(throttle.checkLogin(email, ip))).toBeDefined();
    tick(2_000);
    await expect(throttle.checkLogin(email, ip)).resolves.toBeUndefined();
  });

  it('a success or the account’s deletion here forgets the lock at once', async () => {
    const { throttle } = setup();
    for (let i = 0; i < 10; i++) await throttle.recordLoginFailure(email, ip);
    expect(await retryAfter(throttle.checkLogin(email, ip))).toBeDefined();
    await throttle.recordLoginSuccess(email, ip);
    await expect(throttle.checkLogin(email, ip)).resolves.toBeUndefined();

    for (let i = 0; i < 10; i++) await throttle.recordLoginFailure(email, ip);
    expect(await retryAfter(throttle.checkLogin(email, ip))).toBeDefined();
    await throttle.forgetAccount(email, 'user-1');
    await expect(throttle.checkLogin(email, ip)).resolves.toBeUndefined();
  });

  it('a window that has passed is not answered from memory', async () => {
    const { throttle, tick } = setup();
    for (let i = 0; i < 10; i++) await throttle.recordLoginFailure(email, ip);
    expect(await retryAfter(throttle.checkLogin(email, ip))).toBeDefined();
    tick(15 * 60_000);
    await expect(throttle.checkLogin(email, ip)).resolves.toBeUndefined();
  });
});

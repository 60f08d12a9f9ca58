/**
 * Login latency: `npx tsx apps/server/bench/login.bench.ts [--runs 200] [--json]`
 * Builds the whole app on a temp SQLite database, creates a user, signs in `runs` times in a row through
 * app.inject, and compares with bare argon2 in the same process — the ratio shows what the rest of the
 * login path (throttle queries, audit row, refresh token, JWT) adds on top of the password hash.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createAccount } from '../src/identity/accounts';
import { ARGON2_PARAMS } from '../src/identity/passwords';

/** OWASP Password Storage Cheat Sheet: argon2id with m ≥ 19 MiB, t ≥ 2, p ≥ 1 (its first configuration). */
const OWASP_MINIMUM = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface LoginBenchResult {
  runs: number;
  argon2: typeof ARGON2_PARAMS & { meetsOwaspMinimum: boolean };
  loginMs: { p50: number; p95: number; max: number };
  bareArgon2Ms: { hashP50: number; verifyP50: number };
  /** Login p50 over bare verify p50. */
  ratio: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

export async function benchLogin(runs = 200): Promise<LoginBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: dataDir });
  const { app, identity } = await buildApp(config);
  try {
    const password = 'a bench passphrase';
    await createAccount(identity, { email: 'ada@example.com', password, name: 'Ada', emailVerified: true });
    const payload = { email: 'ada@example.com', password };
    for (let i = 0; i < 5; i++) await app.inject({ method: 'POST', url: '/api/identity/login', payload }); // warm-up

    const login: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/identity/login', payload });
      login.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
    }

    const hashes: number[] = [];
    const verifies: number[] = [];
    for (let i = 0; i < Math.min(runs, 50); i++) {
      let start = performance.now();
      const h = await hash(password, ARGON2_PARAMS);
      hashes.push(performance.now() - start);
      start = performance.now();
      await verify(h, password);
      verifies.push(performance.now() - start);
    }
    login.sort((a, b) => a - b);
    hashes.sort((a, b) => a - b);
    verifies.sort((a, b) => a - b);
    const verifyP50 = percentile(verifies, 50);
    return {
      runs,
      argon2: {
        ...ARGON2_PARAMS,
        meetsOwaspMinimum:
          ARGON2_PARAMS.algorithm === 2 &&
          ARGON2_PARAMS.memoryCost >= OWASP_MINIMUM.memoryCost &&
          ARGON2_PARAMS.timeCost >= OWASP_MINIMUM.timeCost &&
          ARGON2_PARAMS.parallelism >= OWASP_MINIMUM.parallelism,
      },
      loginMs: {
        p50: round(percentile(login, 50)),
        p95: round(percentile(login, 95)),
        max: round(login[login.length - 1] ?? 0),
      },
      bareArgon2Ms: { hashP50: round(percentile(hashes, 50)), verifyP50: round(verifyP50) },
      ratio: round(percentile(login, 50) / verifyP50),
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '200' }, json: { type: 'boolean', default: false } },
  });
  const result = await benchLogin(Number(values.runs));
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    const { argon2: a, loginMs: l, bareArgon2Ms: b } = result;
    process.stdout.write(
      [
        `argon2id m=${a.memoryCost} KiB, t=${a.timeCost}, p=${a.parallelism} — OWASP minimum (m=19456, t=2, p=1): ${a.meetsOwaspMinimum ? 'met' : 'NOT MET'}`,
        `login (${result.runs} sequential, app.inject, SQLite): p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms`,
        `bare argon2: hash p50 ${b.hashP50} ms, verify p50 ${b.verifyP50} ms — login p50 / verify p50 = ${result.ratio}`,
      ].join('\n') + '\n',
    );
  }
}

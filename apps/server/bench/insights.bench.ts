/**
 * Insight engine speed: `npx tsx apps/server/bench/insights.bench.ts [--scale 1] [--runs 5]`
 *
 * One user with 5 years of per-minute heart rate (≈2.6 M samples × scale) and 5 years of daily values
 * for 20 more metrics, lab results and two weeks of CGM readings, written through SampleWriter. Measured:
 * `POST /api/insights/refresh` through app.inject with a real token — reading the data, every rule,
 * storing the findings (target < 2 s) — and the engine alone over the same input. Baseline in the same
 * run: `GET /api/metrics/summary`, the Dashboard's read of the same rollups.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runInsights } from '@healthfolio/insights';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { createAccount } from '../src/identity/accounts';
import { SamplesQuery } from '../src/modules/metrics/samples-query';
import { InsightsRepository } from '../src/modules/insights/insights.repository';
import { InsightsService } from '../src/modules/insights/insights.service';
import { GoalsRepository } from '../src/modules/goals/goals.repository';
import type { NewSample } from '../src/modules/metrics/sample-row';
import { SampleWriter } from '../src/modules/metrics/write/sample-writer';

const { values: args } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, runs: { type: 'string', default: '5' } },
});
const scale = Number(args.scale);
const runs = Number(args.runs);
const MINUTE = 60_000;
const DAY = 86_400_000;
const YEARS = 5;
const BATCH = 20_000;

/** The 20 daily metrics and how each one moves: a level, day-to-day noise, and a slow drift. */
const DAILY: [kind: string, level: number, noise: number, drift: number][] = [
  ['steps', 8_500, 2_500, 0],
  ['resting_heart_rate', 56, 2, 0.002],
  ['sleep_duration', 7.1, 0.7, 0],
  ['active_calories_burned', 520, 150, 0],
  ['calories', 2_300, 250, 0],
  ['exercise_minutes', 38, 20, 0],
  ['distance', 6_500, 1_800, 0],
  ['weight', 82, 0.4, -0.002],
  ['body_fat', 21, 0.5, -0.001],
  ['vo2_max', 46, 0.5, 0],
  ['oxygen_saturation', 97, 0.8, 0],
  ['respiratory_rate', 14.5, 0.6, 0],
  ['body_temperature', 36.6, 0.15, 0],
  ['water_intake', 2.1, 0.5, 0],
  ['nutrition_protein', 110, 25, 0],
  ['nutrition_carbs', 240, 50, 0],
  ['nutrition_fat', 80, 18, 0],
  ['nutrition_calories', 2_250, 300, 0],
  ['stress_level', 35, 10, 0],
  ['blood_pressure_systolic', 121, 6, 0],
];

/** A repeatable pseudo-random stream, so every run measures the same data. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function timeIt<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await fn();
  return [result, performance.now() - t0];
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-insights-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: dataDir });
  const database = openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'bench.db') });
  const { db } = database;
  await migrateToLatest(db, database.pg);
  const { app, identity } = await buildApp(config, { database });
  try {
    const password = 'correct horse battery';
    const user = await createAccount(identity, {
      email: 'ada@example.com',
      password,
      name: 'Ada',
      emailVerified: true,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'ada@example.com', password },
    });
    const headers = {
      authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}`,
    };

    const writer = new SampleWriter(db, database.bulk);
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const rand = random(42);
    const minutes = Math.round(YEARS * 365.25 * 1440 * scale);
    console.log(
      `writing ${minutes.toLocaleString('en-US')} heart-rate minutes and ${DAILY.length} daily metrics…`,
    );
    for (let off = 0; off < minutes; off += BATCH) {
      const batch: NewSample[] = [];
      for (let i = off; i < Math.min(minutes, off + BATCH); i++) {
        const start = now - (minutes - i) * MINUTE;
        const value = 64 + 16 * Math.sin(((start / MINUTE) % 1440) / 229) + rand() * 10;
        batch.push({
          kind: 'heart_rate',
          start,
          value: Math.round(value),
          source: 'garmin',
          device: 'Forerunner 965',
        });
      }
      await writer.writeOnce(user.id, batch);
    }
    const days = Math.round(YEARS * 365.25);
    const daily: NewSample[] = [];
    for (const [kind, level, noise, drift] of DAILY) {
      for (let d = days; d >= 0; d--) {
        const gauss = Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());
        const value = Math.max(0.1, level * (1 + drift * (days - d) * 0.01) + noise * gauss);
        const start = now - d * DAY - 3 * 3_600_000;
        daily.push({ kind, start, value: round(value, 2), source: 'sandbox' });
      }
    }
    for (let y = 0; y < YEARS; y++) {
      const start = now - (y * 365 + 20) * DAY;
      daily.push(
        {
          kind: 'ldl_cholesterol',
          start,
          value: 128 - y * 4,
          source: 'quest_diagnostics',
          flag: 'high',
          meta: { referenceRange: { high: 100 } },
        },
        {
          kind: 'hemoglobin_a1c',
          start,
          value: 5.4,
          source: 'quest_diagnostics',
          meta: { referenceRange: { high: 5.7 } },
        },
      );
    }
    for (let i = 0; i < 14 * 288; i++) {
      daily.push({
        kind: 'blood_glucose',
        start: now - i * 5 * MINUTE,
        value: Math.round(105 + 30 * Math.sin(i / 40) + rand() * 10),
        source: 'dexcom',
      });
    }
    for (let i = 0; i < daily.length; i += BATCH) await writer.writeOnce(user.id, daily.slice(i, i + BATCH));
    await app.inject({
      method: 'POST',
      url: '/api/goals',
      headers,
      payload: { metric: 'steps', target: 10_000, direction: 'at_least', period: 'daily' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/goals',
      headers,
      payload: {
        metric: 'weight',
        target: 78,
        direction: 'at_most',
        period: 'by_date',
        deadline: '2027-09-01',
      },
    });

    const service = new InsightsService(
      new InsightsRepository(db.kysely),
      new SamplesQuery(db),
      new GoalsRepository(db.kysely),
      Date.now,
    );
    const refresh: number[] = [];
    const engine: number[] = [];
    const summary: number[] = [];
    let found = 0;
    for (let r = 0; r < runs + 1; r++) {
      const [res, ms] = await timeIt(() =>
        app.inject({ method: 'POST', url: '/api/insights/refresh', headers }),
      );
      if (res.statusCode !== 200) throw new Error(`refresh answered ${res.statusCode}: ${res.body}`);
      found = (res.json() as { data: { items: unknown[] } }).data.items.length;
      const input = await service.input(user.id);
      const [, engineMs] = await timeIt(() => runInsights(input));
      const [, summaryMs] = await timeIt(() =>
        app.inject({ method: 'GET', url: '/api/metrics/summary', headers }),
      );
      if (r === 0) continue; // the first round warms caches and the JIT
      refresh.push(ms);
      engine.push(engineMs);
      summary.push(summaryMs);
    }
    const full = median(refresh);
    const result = {
      samples: minutes + daily.length,
      insights: found,
      refreshMs: round(full),
      engineOnlyMs: round(median(engine)),
      baselineSummaryMs: round(median(summary)),
      ratioToSummary: round(full / median(summary), 2),
      targetMs: 2000,
      pass: full < 2000,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

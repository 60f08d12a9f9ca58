import fs from 'node:fs';
import path from 'node:path';
import type { Insight } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoalsRepository } from '../../src/modules/goals/goals.repository';
import { SamplesQuery } from '../../src/modules/metrics/samples-query';
import { InsightsRepository } from '../../src/modules/insights/insights.repository';
import { InsightsService } from '../../src/modules/insights/insights.service';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { dateToDay, dayStartIn } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { bearer, signIn } from '../identity/helpers';
import { metricsFixture, type MetricsFixture } from '../metrics/helpers';

const HOUR = 3_600_000;
/** The day that is in progress at 8 am in New York: Monday 23 November 2026. */
const DAY = dateToDay('2026-11-23');

/**
 * Steps of one local day in a zone: a sample every hour from 07:00, each half an hour long. An ordinary
 * day is 14 of them (about 9,000 steps); a short one is just the first.
 */
function stepsOn(zone: string, day: number, perHour: readonly number[]): NewSample[] {
  return perHour.map((value, h) => {
    const start = dayStartIn(zone, day) + (7 + h) * HOUR;
    return { kind: 'steps', start, end: start + HOUR / 2, value, tz: zone, source: 'garmin' };
  });
}

/** 60 ordinary days before DAY (between about 7,400 and 11,000 steps), then 600 steps by 8 am on DAY. */
function history(zone: string): NewSample[] {
  const days = Array.from({ length: 60 }, (_, i) => {
    const total = 9000 * Math.exp(0.2 * Math.sin(i * 1.7));
    return stepsOn(zone, DAY - 60 + i, Array<number>(14).fill(Math.round(total / 14)));
  });
  return [...days.flat(), ...stepsOn(zone, DAY, [600])];
}

describe.each(testDialects)('the day in progress on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
    for (const [user, timeZone] of [
      [f.ada, 'America/New_York'],
      [f.ben, 'Asia/Tokyo'],
    ] as const) {
      const res = await f.t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: user.auth,
        payload: { settings: { preferences: { timeZone } } },
      });
      expect(res.statusCode, res.body).toBe(200);
      await f.writer.writeOnce(user.id, history(timeZone));
    }
  });
  afterAll(() => f.t.close());

  const at = (iso: string) => {
    f.clock.ms = Date.parse(iso);
  };
  /** Runs the engine as `POST /api/insights/refresh` does (mails included), signed in afresh at the clock's time. */
  const refresh = async (email: string) => {
    const auth = bearer((await signIn(f.t, email)).accessToken);
    const res = await f.t.app.inject({ method: 'POST', url: '/api/insights/refresh', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { items: Insight[] } }).data.items;
  };
  /** The insight alert mails sent so far: to whom, and the titles they list. */
  const alertMails = async () => {
    await f.t.identity.background.idle();
    const dir = path.join(f.t.config.dataDir, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((file) => file.includes('-insight-alert-'))
      .sort()
      .map((file) => {
        const raw = fs.readFileSync(path.join(dir, file), 'utf8');
        return /^To: (.+)$/m.exec(raw)?.[1] ?? '';
      });
  };
  const lowSteps = (to: string) => ({
    type: 'anomaly',
    severity: 'warning',
    title: 'Steps unusually low on 23 Nov: 600 steps',
    relatedMetrics: ['steps'],
    window: { from: '2026-08-19', to },
  });

  it('at 08:00 in New York, 600 steps so far against a usual 9,000: no insight, no mail', async () => {
    at('2026-11-23T13:00:00Z');
    expect(await refresh('ada@example.com')).toEqual([]);
    expect(await alertMails()).toEqual([]);
  });

  it('at one instant, Tokyo’s 23 November is over and flagged, New York’s is not', async () => {
    // 16:00 UTC: 11:00 on the 23rd in New York, 01:00 on the 24th in Tokyo.
    at('2026-11-23T16:00:00Z');
    expect(await refresh('ada@example.com')).toEqual([]);
    const found = await refresh('ben@example.com');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject(lowSteps('2026-11-23'));
    expect(found[0]!.values).toMatchObject({ value: 600, day: '2026-11-23', flaggedDays: 1 });
    expect(await alertMails()).toEqual(['ben@example.com']);
  });

  it('flags New York’s whole 23rd the next morning, not the 24th so far, and mails it once', async () => {
    at('2026-11-24T13:00:00Z');
    await f.writer.writeOnce(f.ada.id, stepsOn('America/New_York', DAY + 1, [450]));
    const found = await refresh('ada@example.com');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject(lowSteps('2026-11-23'));
    expect(found[0]!.series[0]!.points.map((point) => point.day)).not.toContain('2026-11-24');
    expect(await alertMails()).toEqual(['ben@example.com', 'ada@example.com']);
    at('2026-11-24T20:00:00Z');
    expect((await refresh('ada@example.com')).map((insight) => insight.id)).toEqual([found[0]!.id]);
    expect(await alertMails()).toEqual(['ben@example.com', 'ada@example.com']);
  });

  it('keeps a daily goal’s “today so far” out of a run’s alerts', async () => {
    at('2026-11-24T20:00:00Z'); // 15:00 in New York
    const db = f.t.db.kysely;
    const goals = new GoalsRepository(db);
    await goals.insert({
      id: 'ada-steps',
      user_id: f.ada.id,
      title: '10,000 steps a day',
      metric: 'steps',
      target: 10_000,
      direction: 'at_least',
      period: 'daily',
      deadline_day: null,
      start_value: null,
      created_day: DAY - 30,
      created_at: f.clock.ms,
      updated_at: f.clock.ms,
      reminded_day: null,
      achieved_period: null,
    });
    const service = new InsightsService(
      new InsightsRepository(db),
      new SamplesQuery(f.t.db),
      goals,
      f.clock.now,
    );
    expect(await service.run(f.ada.id)).toEqual({ fresh: [], standing: 2 });
    const shown = await service.list(f.ada.id, { type: 'goal_progress', severity: 'all' });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.description).toMatch(/^Today so far: 450 steps \(5 % of the way\)\. /);
  });
});

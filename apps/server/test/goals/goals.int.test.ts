import type { Goal } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/modules/metrics/time';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { testDialects } from '../databases';
import { readOutbox } from '../identity/helpers';
import { metricsFixture, NOW, type MetricsFixture } from '../metrics/helpers';

/** Ada's last ten days of steps, oldest first: the last four reach 10 000. */
const STEPS = [12_000, 6_000, 11_000, 10_500, 4_000, 7_000, 10_200, 13_000, 10_000, 11_800];

function steps(): NewSample[] {
  return STEPS.map((value, i) => ({
    kind: 'steps',
    start: NOW - (STEPS.length - 1 - i) * DAY_MS - 2 * 3_600_000,
    end: NOW - (STEPS.length - 1 - i) * DAY_MS - 3_600_000,
    value,
    source: 'garmin',
  }));
}

/** Weigh-ins every morning for 60 days, losing 0.1 kg a day from 85 kg. */
function weighIns(): NewSample[] {
  return Array.from({ length: 60 }, (_, i) => ({
    kind: 'weight',
    start: NOW - (59 - i) * DAY_MS - 4 * 3_600_000,
    value: 85 - i * 0.1,
    source: 'withings',
  }));
}

describe.each(testDialects)('goals API on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
    await f.writer.writeOnce(f.ada.id, [...steps(), ...weighIns()]);
  });
  afterAll(() => f.t.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    payload?: object,
    auth = f.ada.auth,
  ) => f.t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  let stepsGoal: Goal;

  it('sets a daily steps goal and answers its progress and streak', async () => {
    const res = await send('POST', '/api/goals', {
      metric: 'steps',
      target: 10_000,
      direction: 'at_least',
      period: 'daily',
    });
    expect(res.statusCode, res.body).toBe(201);
    stepsGoal = res.json().data as Goal;
    expect(stepsGoal).toMatchObject({ metric: 'steps', target: 10_000, period: 'daily', deadline: null });
    expect(stepsGoal.title).toMatch(/steps/i);
    expect(stepsGoal.progress.current).toBe(11_800);
    expect(stepsGoal.progress.met).toBe(true);
    expect(stepsGoal.progress.percent).toBe(100);
    expect(stepsGoal.progress.streak).toBe(4);
    const history = stepsGoal.progress.history;
    expect(history[history.length - 1]).toMatchObject({ start: '2026-11-22', value: 11_800, met: true });
    expect(history.find((h) => h.start === '2026-11-17')).toMatchObject({ value: 4_000, met: false });
  });

  it('takes a weight goal in pounds, stores it in kilograms and predicts when it is reached', async () => {
    const res = await send('POST', '/api/goals', {
      metric: 'body_weight',
      target: 165,
      unit: 'lb',
      direction: 'at_most',
      period: 'by_date',
      deadline: '2027-06-01',
      title: 'Down to 75 kg by June',
    });
    expect(res.statusCode, res.body).toBe(201);
    const goal = res.json().data as Goal;
    expect(goal.metric).toBe('weight');
    expect(goal.unit).toBe('kg');
    expect(goal.target).toBeCloseTo(74.84, 2);
    expect(goal.startValue).toBeCloseTo(79.1, 1);
    // 79.1 kg falling 0.1 kg a day crosses 74.84 kg in about 43 days: early January.
    const prediction = goal.progress.prediction!;
    expect(prediction.onTrack).toBe(true);
    expect(prediction.ratePerDay).toBeCloseTo(-0.1, 2);
    expect(prediction.date! >= '2026-12-25' && prediction.date! <= '2027-01-15').toBe(true);
    expect(prediction.low! <= prediction.date! && prediction.date! <= prediction.high!).toBe(true);
  });

  it('refuses bad input with a message that says what is wrong', async () => {
    const noDeadline = await send('POST', '/api/goals', {
      metric: 'weight',
      target: 75,
      direction: 'at_most',
      period: 'by_date',
    });
    expect(noDeadline.statusCode).toBe(400);
    expect(noDeadline.json().error.message).toMatch(/deadline/i);

    const badUnit = await send('POST', '/api/goals', {
      metric: 'steps',
      target: 10,
      unit: 'furlongs',
      direction: 'at_least',
      period: 'daily',
    });
    expect(badUnit.statusCode).toBe(400);
    expect(badUnit.json().error.message).toMatch(/furlongs/);

    const unknownMetric = await send('POST', '/api/goals', {
      metric: 'happiness',
      target: 10,
      direction: 'at_least',
      period: 'daily',
    });
    expect(unknownMetric.statusCode).toBe(400);
  });

  it('changes a goal, and lists every goal with its progress', async () => {
    const res = await send('PUT', `/api/goals/${stepsGoal.id}`, {
      metric: 'steps',
      target: 12_000,
      direction: 'at_least',
      period: 'daily',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.progress).toMatchObject({ met: false, streak: 0 });
    const list = await send('GET', '/api/goals');
    expect(
      list
        .json()
        .data.items.map((g: Goal) => g.metric)
        .sort(),
    ).toEqual(['steps', 'weight']);
  });

  it('mails a daily reminder of the goals missed yesterday, once a day', async () => {
    // The next day: yesterday's 11 800 steps missed the new 12 000.
    await f.t.insightJobs.idle();
    f.clock.advance(DAY_MS + 3_600_000);
    await f.t.insightJobs.runDaily();
    const mail = await readOutbox(f.t, 'goal-reminder');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.body).toMatch(/Steps at least 12,000 a day/);
    expect(mail.body).toContain('/goals');
    // The daily run already happened: running the schedule again sends nothing more.
    await f.t.insightJobs.runDaily();
    expect((await readOutbox(f.t, 'goal-reminder')).files).toHaveLength(1);
    f.clock.advance(-(DAY_MS + 3_600_000));
  });

  it("keeps each person's goals their own: another's id answers 404", async () => {
    expect((await send('GET', '/api/goals', undefined, f.ben.auth)).json().data.items).toEqual([]);
    const put = await send(
      'PUT',
      `/api/goals/${stepsGoal.id}`,
      { metric: 'steps', target: 1, direction: 'at_least', period: 'daily' },
      f.ben.auth,
    );
    expect(put.statusCode).toBe(404);
    expect((await send('DELETE', `/api/goals/${stepsGoal.id}`, undefined, f.ben.auth)).statusCode).toBe(404);
  });

  it('deletes a goal', async () => {
    expect((await send('DELETE', `/api/goals/${stepsGoal.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/goals/${stepsGoal.id}`)).statusCode).toBe(404);
    expect((await send('GET', '/api/goals')).json().data.items).toHaveLength(1);
  });
});

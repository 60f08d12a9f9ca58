import type { DataSource } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { metricsFixture, NOW, type MetricsFixture } from '../metrics/helpers';

describe.each(testDialects)('"Your sources" on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
    // Ada's watch counted steps on two days; Quest sent one LDL result. Nothing is connected.
    await f.writer.writeOnce(f.ada.id, [
      {
        kind: 'steps',
        start: NOW - 2 * DAY_MS,
        end: NOW - 2 * DAY_MS + 3_600_000,
        value: 4000,
        source: 'garmin',
      },
      { kind: 'steps', start: NOW - DAY_MS, end: NOW - DAY_MS + 3_600_000, value: 5000, source: 'garmin' },
      {
        kind: 'ldl_cholesterol',
        start: NOW - 10 * DAY_MS,
        value: 130,
        unit: 'mg/dL',
        source: 'quest_diagnostics',
      },
    ]);
  });
  afterAll(() => f.t.close());

  const list = async (auth: { authorization: string }) => {
    const res = await f.t.app.inject({ method: 'GET', url: '/api/data-sources', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: DataSource[]; operator: boolean };
  };

  it('tells what each source holds for the person, connected or not', async () => {
    const { items } = await list(f.ada.auth);
    const byKind = new Map(items.map((s) => [s.kind, s]));
    expect(byKind.get('garmin')).toMatchObject({
      status: 'disconnected',
      data: { samples: 2, records: 0, lastDataAt: new Date(NOW - DAY_MS).toISOString() },
    });
    expect(byKind.get('quest_diagnostics')?.data).toEqual({
      samples: 1,
      records: 0,
      lastDataAt: new Date(NOW - 10 * DAY_MS).toISOString(),
    });
    expect(byKind.get('oura')?.data).toEqual({ samples: 0, records: 0, lastDataAt: null });
  });

  it('never tells one person what another holds', async () => {
    const { items } = await list(f.ben.auth);
    expect(items.filter((s) => (s.data?.samples ?? 0) + (s.data?.records ?? 0) > 0)).toEqual([]);
  });

  it('names the first account the operator, and no one else', async () => {
    expect((await list(f.ada.auth)).operator).toBe(true);
    expect((await list(f.ben.auth)).operator).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { PackedRows } from './packed-rows';
import { BatchPreparer, prepareBatch } from './prepared-batch';
import type { NewSample } from './sample-row';

const at = (iso: string) => Date.parse(iso);

const sample = (kind: string, iso: string, value: number, origin: string): NewSample => ({
  kind,
  value,
  start: at(iso),
  utcOffsetMin: 60,
  source: 'apple_healthkit',
  device: 'Apple Watch',
  originId: origin,
});

function rowsOf(rows: PackedRows) {
  return Array.from({ length: rows.length }, (_, i) => ({
    kind: rows.kind(i),
    start: rows.start(i),
    value: rows.value(i),
    origin: rows.originId(i),
    device: rows.device(i),
    tz: rows.tz(i),
  }));
}

describe('BatchPreparer', () => {
  it('answers the rows by kind, then start, and keeps arrival order between equal keys', () => {
    const batch = prepareBatch([
      sample('steps', '2026-03-01T10:00:00Z', 30, 'phone'),
      sample('heart_rate', '2026-03-01T09:00:00Z', 61, 'watch'),
      sample('steps', '2026-03-01T08:00:00Z', 10, 'watch'),
      sample('steps', '2026-03-01T10:00:00Z', 31, 'watch'),
      sample('heart_rate', '2026-03-01T08:00:00Z', 58, 'watch'),
    ]);
    expect(batch.rejected).toEqual([]);
    expect(rowsOf(batch.rows).map((r) => [r.kind, r.value, r.origin])).toEqual([
      ['heart_rate', 58, 'watch'],
      ['heart_rate', 61, 'watch'],
      ['steps', 10, 'watch'],
      ['steps', 30, 'phone'],
      ['steps', 31, 'watch'],
    ]);
    expect(rowsOf(batch.rows)[0]).toMatchObject({
      start: at('2026-03-01T08:00:00Z'),
      device: 'Apple Watch',
      tz: null,
    });
  });

  it('answers a batch that came in order as it came', () => {
    const batch = prepareBatch([
      sample('heart_rate', '2026-03-01T08:00:00Z', 58, 'watch'),
      sample('heart_rate', '2026-03-01T08:00:00Z', 59, 'phone'),
      sample('steps', '2026-03-01T07:00:00Z', 10, 'watch'),
    ]);
    expect(rowsOf(batch.rows).map((r) => [r.kind, r.value, r.origin])).toEqual([
      ['heart_rate', 58, 'watch'],
      ['heart_rate', 59, 'phone'],
      ['steps', 10, 'watch'],
    ]);
  });

  it('counts refused samples, names their place in the batch, and packs past its first capacity', () => {
    const preparer = new BatchPreparer();
    const n = 5000;
    for (let i = 0; i < n; i++) {
      const start = new Date(at('2026-01-01T00:00:00Z') + (n - i) * 60_000).toISOString();
      preparer.add(
        i % 1000 === 7
          ? { ...sample('steps', start, 1, 'x'), kind: 'no_such_metric' }
          : sample('steps', start, i, 'x'),
      );
    }
    expect(preparer.count).toBe(n);
    const batch = preparer.finish();
    expect(batch.rejected.map((r) => r.index)).toEqual([7, 1007, 2007, 3007, 4007]);
    expect(batch.rejected[0]).toMatchObject({
      field: 'type',
      message: expect.stringContaining('no_such_metric'),
    });
    const rows = rowsOf(batch.rows);
    expect(rows).toHaveLength(n - 5);
    // Added newest first, answered oldest first: the last sample added leads.
    expect(rows[0]!.value).toBe(n - 1);
    expect(rows.every((r, i) => i === 0 || r.start > rows[i - 1]!.start)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_VALUES, SampleSpans } from './sample-spans';

const at = (iso: string) => Date.parse(iso);

describe('SampleSpans (samples.created)', () => {
  it('names each canonical kind with its first and last local day and a count, never a value', () => {
    const spans = new SampleSpans('America/New_York');
    spans.add([
      // 02:00 UTC on the 21st is the evening of the 20th in New York.
      { kind: 'steps', start: at('2026-11-21T02:00:00Z'), value: 900, source: 'oura' },
      { kind: 'steps', start: at('2026-11-22T15:00:00Z'), value: 4200, source: 'oura' },
      // An alias, with its own recorded offset (Tokyo): its day there.
      {
        kind: 'body_mass',
        start: at('2026-11-21T23:30:00Z'),
        utcOffsetMin: 540,
        value: 61.2,
        source: 'withings',
      },
    ]);
    expect(spans.summary()).toEqual([
      { kind: 'steps', from: '2026-11-20', to: '2026-11-22', count: 2 },
      { kind: 'weight', from: '2026-11-22', to: '2026-11-22', count: 1 },
    ]);
    expect(JSON.stringify(spans.summary())).not.toContain('4200');
  });

  it(`keeps the values of the first ${MAX_VALUES} readings only, for webhooks that ask for them`, () => {
    const spans = new SampleSpans('UTC');
    const start = at('2026-11-22T00:00:00Z');
    spans.add(
      Array.from({ length: MAX_VALUES + 5 }, (_, i) => ({
        kind: 'heart_rate',
        start: start + i * 60_000,
        value: 60 + (i % 10),
        unit: '/min',
        source: 'oura',
      })),
    );
    expect(spans.values()).toHaveLength(MAX_VALUES);
    expect(spans.values()[1]).toEqual({
      type: 'heart_rate',
      value: 61,
      unit: '/min',
      start: '2026-11-22T00:01:00.000Z',
      end: '2026-11-22T00:01:00.000Z',
    });
    expect(spans.summary()).toEqual([
      { kind: 'heart_rate', from: '2026-11-22', to: '2026-11-22', count: MAX_VALUES + 5 },
    ]);
  });
});

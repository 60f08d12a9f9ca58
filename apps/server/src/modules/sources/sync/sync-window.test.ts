import { oura, garmin } from '@healthfolio/connectors';
import { describe, expect, it } from 'vitest';
import { identityOf } from '../../metrics';
import { localMidnight, REVISED_DAYS, SeenInSpans, syncFrom } from './sync-window';

const TZ = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

describe('where a sync starts', () => {
  it('finds local midnight days before, across a DST change', () => {
    expect(localMidnight(at('2026-11-22T17:00:00Z'), TZ)).toBe(at('2026-11-22T05:00:00Z'));
    expect(localMidnight(at('2026-11-22T17:00:00Z'), TZ, 3)).toBe(at('2026-11-19T05:00:00Z'));
    // New York left summer time on 1 November: midnight of 31 October was at 04:00Z.
    expect(localMidnight(at('2026-11-02T17:00:00Z'), TZ, 2)).toBe(at('2026-10-31T04:00:00Z'));
    // 02:00Z on the 22nd is still the 21st in New York.
    expect(localMidnight(at('2026-11-22T02:00:00Z'), TZ)).toBe(at('2026-11-21T05:00:00Z'));
    expect(localMidnight(at('2026-11-22T02:00:00Z'), 'Not/AZone')).toBe(at('2026-11-22T00:00:00Z'));
  });

  it('reads again from midnight `revisedDays` before the last sync’s day; as asked otherwise', () => {
    const now = at('2026-11-22T17:00:00Z');
    const lastSync = at('2026-11-22T16:00:00Z');
    expect(REVISED_DAYS).toBe(3);
    expect(syncFrom({ sync_from: null, last_sync_at: lastSync }, oura, now, TZ)).toBe(
      at('2026-11-19T05:00:00Z'),
    );
    // Garmin filters by upload time: a day of overlap.
    expect(syncFrom({ sync_from: null, last_sync_at: lastSync }, garmin, now, TZ)).toBe(
      at('2026-11-21T05:00:00Z'),
    );
    // A server down for a week reads the week, and the days before it.
    expect(syncFrom({ sync_from: null, last_sync_at: lastSync - 7 * 86_400_000 }, oura, now, TZ)).toBe(
      at('2026-11-12T05:00:00Z'),
    );
    expect(syncFrom({ sync_from: 42, last_sync_at: lastSync }, oura, now, TZ)).toBe(42);
    expect(syncFrom({ sync_from: null, last_sync_at: null }, oura, now, TZ)).toBe(now - 365 * 86_400_000);
  });
});

describe('what a run saw', () => {
  it('keeps the identities within the covered spans, as the store keys them', () => {
    const seen = new SeenInSpans([{ kinds: ['steps'], from: 1_000, to: 2_000 }]);
    const inside = { kind: 'steps', start: 1_000, end: 1_500, value: 5, source: 'oura', originId: 'a' };
    seen.add([
      inside,
      { kind: 'steps', start: 2_000, value: 5, source: 'oura', originId: 'b' },
      { kind: 'no_such_kind', start: 1_200, value: 5, source: 'oura', originId: 'c' },
    ]);
    expect([...seen.identities]).toEqual([identityOf(inside)]);
    const none = new SeenInSpans([]);
    none.add([{ kind: 'steps', start: 1_000, value: 5, source: 'oura' }]);
    expect(none.identities.size).toBe(0);
  });
});

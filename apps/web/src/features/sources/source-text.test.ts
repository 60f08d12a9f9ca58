import { sourceCatalogue } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import {
  backfillText,
  filterSources,
  groupByCategory,
  initials,
  lastSyncText,
  progressText,
  timeAgo,
} from './source-text';
import { dataSource, syncStatus } from './test-utils';

const all = sourceCatalogue.map((s) => dataSource(s.kind));
const now = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('source text', () => {
  it('groups every source under a readable heading, in category order', () => {
    const groups = groupByCategory(all);
    expect(groups.map((g) => g.label)).toEqual([
      'Wearables and fitness',
      'Glucose monitors',
      'Labs and body scans',
      'Clinical records',
      'Nutrition',
      'Health platforms',
      'Other devices and apps',
    ]);
    expect(groups.flatMap((g) => g.sources)).toHaveLength(all.length);
    expect(groups[1]!.sources.map((s) => s.name)).toEqual(['Dexcom', 'FreeStyle Libre']);
  });

  it('searches names and what sources bring, ignoring case and accents', () => {
    expect(filterSources(all, 'OURA').map((s) => s.kind)).toEqual(['oura']);
    const glucose = filterSources(all, 'glucose').map((s) => s.kind);
    expect(glucose).toContain('dexcom');
    expect(glucose).toContain('freestyle_libre');
    expect(glucose).not.toContain('oura');
    expect(filterSources(all, 'sléep').map((s) => s.kind)).toContain('eight_sleep');
    expect(filterSources(all, '   ')).toHaveLength(all.length);
    expect(groupByCategory(filterSources(all, 'zzz'))).toEqual([]);
  });

  it('says when a source last synced', () => {
    expect(lastSyncText(null, now)).toBe('Not synced yet');
    expect(lastSyncText(ago(20_000), now)).toBe('Synced just now');
    expect(lastSyncText(ago(5 * 60_000), now)).toBe('Synced 5 minutes ago');
    expect(timeAgo(ago(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(timeAgo(ago(2 * 86_400_000), now)).toBe('2 days ago');
    expect(timeAgo('2026-01-02T12:00:00Z', now)).toBe('on Jan 2, 2026');
  });

  it('describes a sync under way', () => {
    expect(progressText(undefined)).toBe('Waiting to start syncing…');
    expect(progressText(syncStatus({ state: 'queued' }))).toBe('Waiting to start syncing…');
    expect(progressText(syncStatus())).toBe('Syncing: asking the provider…');
    expect(progressText(syncStatus({ progress: { pages: 12, samples: 34_567 } }))).toBe(
      'Syncing: 12 pages, 34,567 samples so far',
    );
    expect(progressText(syncStatus({ progress: { pages: 1, samples: 1 } }))).toBe(
      'Syncing: 1 page, 1 sample so far',
    );
  });

  it('makes initials and backfill limits readable', () => {
    expect(initials('Oura')).toBe('OU');
    expect(initials('Eight Sleep')).toBe('ES');
    expect(initials('Oracle Health (Cerner)')).toBe('OH');
    expect(backfillText(730)).toBe('Up to 2 years back');
    expect(backfillText(90)).toBe('Up to 90 days back');
    expect(backfillText(null)).toBe('No limit known');
  });
});

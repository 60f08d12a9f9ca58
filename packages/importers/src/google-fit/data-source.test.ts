import { describe, expect, it } from 'vitest';
import { parseDataSource } from './data-source';

describe('google-fit data sources', () => {
  it.each([
    [
      'derived:com.google.step_count.delta:com.google.android.gms:merge_step_deltas',
      { stream: 'merge_step_deltas', merged: true, device: 'com.google.android.gms' },
    ],
    [
      'derived:com.google.calories.bmr:com.google.android.gms:merged',
      { stream: 'merged', merged: true, device: 'com.google.android.gms' },
    ],
    [
      'derived:com.google.heart_rate.bpm:com.google.android.gms:resting_heart_rate<-merge_heart_rate_bpm',
      { stream: 'resting_heart_rate', merged: false, device: 'com.google.android.gms' },
    ],
    [
      'derived:com.google.activity.segment:com.google.android.gms:merge_activity_segments_local',
      { stream: 'merge_activity_segments_local', merged: false, device: 'com.google.android.gms' },
    ],
    [
      'raw:com.google.step_count.cumulative:Google:Pixel 7:1a2b3c:Step Counter',
      { stream: 'Step Counter', merged: false, device: 'Google Pixel 7' },
    ],
    [
      'derived:com.google.distance.delta:com.google.android.gms:Google:Pixel 3a:68b036a5:from_location<-raw:com.google.location.sample:com.google.android.gms:Google:Pixel 3a:68b036a5:live_location',
      { stream: 'from_location', merged: false, device: 'Google Pixel 3a' },
    ],
    ['derived:com.google.calories.expended:com.strava:', { stream: '', merged: false, device: 'com.strava' }],
  ])('reads %s', (id, expected) => {
    expect(parseDataSource(id)).toMatchObject(expected);
  });

  it('refuses what is no Google Fit data source', () => {
    expect(parseDataSource('derived:steps')).toBeUndefined();
    expect(parseDataSource('raw:org.example.steps:app:stream')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { metricKinds } from './catalogue';
import { labelledKinds, metricLabel } from './labels';

describe('kind names in every language', () => {
  it.each(['es', 'de'] as const)('%s names every catalogue kind, and no other', (language) => {
    expect([...labelledKinds(language)].sort()).toEqual([...metricKinds].sort());
  });

  it('reads the catalogue in English and the tables elsewhere', () => {
    expect(metricLabel('resting_heart_rate')).toBe('Resting heart rate');
    expect(metricLabel('resting_heart_rate', 'es')).toBe('Frecuencia cardiaca en reposo');
    expect(metricLabel('resting_heart_rate', 'de')).toBe('Ruheherzfrequenz');
    expect(metricLabel('not_a_kind', 'es')).toBe('Not a kind');
  });
});

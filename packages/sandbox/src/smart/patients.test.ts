import { describe, expect, it } from 'vitest';
import { recordOf, SYNTHETIC_PATIENTS } from './patients';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('the sandbox patients', () => {
  it('are the same on every run of a day, and Chen Wei has five years of at least 20 000 resources', () => {
    const [ada, chen, sam] = SYNTHETIC_PATIENTS;
    const size = (id: typeof ada) => [...recordOf(id!, NOW).values()].reduce((n, l) => n + l.length, 0);
    expect(size(chen)).toBeGreaterThanOrEqual(20_000);
    expect(JSON.stringify(recordOf(ada!, NOW).get('Condition'))).toBe(
      JSON.stringify(recordOf({ ...ada! }, NOW + 3_600_000).get('Condition')),
    );
    const samRecord = recordOf(sam!, NOW);
    for (const none of ['Procedure', 'Immunization', 'AllergyIntolerance'])
      expect(samRecord.get(none)).toEqual([]);
    expect(samRecord.get('Observation:vital-signs')!.length).toBeGreaterThan(50);
    for (const list of recordOf(chen!, NOW).values()) {
      for (const r of list)
        expect(Date.parse((r.meta as { lastUpdated: string }).lastUpdated)).toBeLessThan(NOW + 86_400_000);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { context, fixture, readAll } from './test-support';

describe('owner check', () => {
  it('warns once about a bundle of someone else and still imports it', async () => {
    const { warnings, samples, records } = await readAll(
      [fixture('other-patient-bundle.json')],
      context('Chen Liu'),
    );
    expect(warnings).toEqual([
      'This file holds the records of María José García-Núñez, not yours (Chen Liu). They were imported; keep them apart if they belong to someone else.',
    ]);
    // The weight, the diagnosis, and the Patient, skipped.
    expect(records).toBe(3);
    expect(samples.map((s) => s.kind)).toEqual(['weight', 'diagnosis']);
    // Cerner's code sets mark the sender; pounds stay as written for the store to convert.
    expect(samples[0]).toMatchObject({ source: 'cerner', value: 132.2, unit: '[lb_av]', utcOffsetMin: 0 });
    // A year-only onset ("2008") is read as the start of that year.
    expect(samples[1]).toMatchObject({ start: Date.parse('2008-01-01T05:00:00Z') });
  });

  it('warns only once for several files of the same other person', async () => {
    const { warnings } = await readAll(
      [fixture('other-patient-bundle.json'), fixture('epic-us-core-bundle.json')],
      context('Ada Lovelace'),
    );
    expect(warnings).toHaveLength(1);
  });
});

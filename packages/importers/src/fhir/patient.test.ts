import { describe, expect, it } from 'vitest';
import type { Resource } from './fhir-types';
import { isOwner, patientDisplayName } from './patient';
import { context, fixture, readAll } from './test-support';

const patient = (...name: Record<string, unknown>[]): Resource => ({ resourceType: 'Patient', name });

describe('owner check', () => {
  it('matches first and last name regardless of case, accents, order and middle names', () => {
    const maria = patient({ use: 'official', family: 'García-Núñez', given: ['María', 'José'] });
    expect(isOwner(maria, 'maria garcia-nunez')).toBe(true);
    expect(isOwner(maria, 'García-Núñez María')).toBe(true);
    expect(isOwner(maria, 'María José García-Núñez')).toBe(true);
    expect(isOwner(maria, 'Maria Lopez')).toBe(false);
    // Any of the names counts (a maiden name kept as `old`).
    const ada = patient(
      { use: 'official', family: 'King', given: ['Ada'] },
      { use: 'old', family: 'Byron', given: ['Ada'] },
    );
    expect(isOwner(ada, 'Ada Byron')).toBe(true);
    // A name only in text.
    expect(isOwner(patient({ text: 'Chen Liu' }), 'Liu Chen')).toBe(true);
  });

  it('does not hold a missing name against the upload', () => {
    expect(isOwner({ resourceType: 'Patient' }, 'Chen Liu')).toBe(true);
    expect(isOwner(patient({ family: 'Liu', given: ['Chen'] }), '')).toBe(true);
  });

  it('names the patient given names first', () => {
    expect(
      patientDisplayName(patient({ use: 'official', text: 'Liu, Chen', family: 'Liu', given: ['Chen'] })),
    ).toBe('Chen Liu');
    expect(patientDisplayName(patient({ text: 'Chen Liu' }))).toBe('Chen Liu');
  });

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

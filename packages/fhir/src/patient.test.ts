import { describe, expect, it } from 'vitest';
import type { Resource } from './fhir-types';
import { isOwner, patientDisplayName } from './patient';

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
});

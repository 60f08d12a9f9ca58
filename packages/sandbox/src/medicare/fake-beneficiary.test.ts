import { medicare } from '@healthfolio/connectors';
import { describe, expect, it } from 'vitest';
import { claims, PATIENT_ID } from './fake-beneficiary';

const { normalize } = medicare;

describe('Medicare normalize', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const all = claims(now).map((c) => c.resource);

  it('maps a claims page to services, ICD-10 diagnoses and procedures; a Patient gives nothing', () => {
    const page = { resourceType: 'Bundle', type: 'searchset', entry: all.map((resource) => ({ resource })) };
    const samples = normalize(
      { resource: 'ExplanationOfBenefit', payload: page },
      { timeZone: 'America/Chicago' },
    );
    const kinds = samples.reduce<Record<string, number>>(
      (n, s) => ({ ...n, [s.kind]: (n[s.kind] ?? 0) + 1 }),
      {},
    );
    expect(kinds.medical_service).toBe(all.length);
    expect(kinds.diagnosis).toBeGreaterThan(all.length / 2);
    expect(kinds.procedure).toBeGreaterThanOrEqual(1);
    expect(new Set(samples.map((s) => s.source))).toEqual(new Set(['medicare']));
    expect(new Set(samples.map((s) => `${s.kind} ${s.originId}`)).size).toBe(samples.length);
    expect(
      normalize(
        { resource: 'Patient', payload: { resourceType: 'Patient', id: PATIENT_ID } },
        { timeZone: 'UTC' },
      ),
    ).toEqual([]);
  });

  it('generates four years of claims of every type, loaded weeks after the service', () => {
    expect(all.length).toBeGreaterThan(180);
    const types = new Set(all.map((r) => r.id.split('-')[0]));
    expect(types).toEqual(new Set(['carrier', 'outpatient', 'inpatient', 'pde']));
    for (const c of claims(now)) expect(c.lastUpdated).toBeLessThanOrEqual(now);
    // A later "now" only adds claims; the earlier ones stay as they were.
    const later = claims(now + 30 * 86_400_000).map((c) => c.resource.id);
    const kept = new Set(later);
    const fourYearsAgo = now + 30 * 86_400_000 - 4 * 365 * 86_400_000;
    for (const c of claims(now)) {
      const start = Date.parse((c.resource.billablePeriod as { start: string }).start);
      if (start >= fourYearsAgo + 86_400_000) expect(kept.has(c.resource.id)).toBe(true);
    }
    expect(later.length).toBeGreaterThan(0);
  });
});

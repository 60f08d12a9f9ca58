import { describe, expect, it } from 'vitest';
import { defaultUnit, kindOptions, unitOptions } from './entry-kinds';
import { buildEntryRequest, parseNumber, toIsoWithOffset, type EntryForm } from './entry-request';

const form = (changes: Partial<EntryForm>): EntryForm => ({
  kind: 'weight',
  value: '80',
  systolic: '',
  diastolic: '',
  unit: 'kg',
  at: '2026-11-20T23:30',
  notes: '',
  ...changes,
});

describe('entry kinds and units', () => {
  it('offers common kinds first and leaves out coded kinds and pair components', () => {
    const kinds = kindOptions().map((o) => o.kind);
    expect(kinds.slice(0, 2)).toEqual(['weight', 'blood_pressure']);
    expect(kinds).not.toContain('diagnosis');
    expect(kinds).not.toContain('blood_pressure_systolic');
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('offers canonical, metric and imperial units, defaulting to the user system', () => {
    expect(unitOptions('weight').map((u) => u.label)).toEqual(['kg', 'lb']);
    expect(defaultUnit('weight', 'imperial')).toBe('[lb_av]');
    expect(unitOptions('blood_glucose').map((u) => u.code)).toEqual(['mg/dL', 'mmol/L']);
    expect(unitOptions('heart_rate')).toEqual([{ code: '/min', label: 'bpm' }]);
  });
});

describe('buildEntryRequest', () => {
  it('sends the local time with its offset and the browser zone', () => {
    const result = buildEntryRequest(form({}), false, 'Europe/Berlin');
    expect(result).toMatchObject({
      request: { type: 'weight', value: 80, unit: 'kg', timeZone: 'Europe/Berlin' },
    });
    const start = 'request' in result ? result.request.start : '';
    expect(start).toMatch(/^2026-11-20T23:30:00[+-]\d\d:\d\d$/);
    expect(Date.parse(start)).toBe(new Date('2026-11-20T23:30').getTime());
  });

  it('needs both numbers of a blood pressure', () => {
    expect(buildEntryRequest(form({ kind: 'blood_pressure', systolic: '120' }), true, 'UTC')).toEqual({
      error: 'Enter the diastolic value as a number.',
    });
    expect(
      buildEntryRequest(form({ kind: 'blood_pressure', systolic: '120', diastolic: '80' }), true, 'UTC'),
    ).toMatchObject({ request: { systolic: 120, diastolic: 80 } });
  });

  it('refuses what is not a number, and accepts a decimal comma', () => {
    expect(parseNumber('80,5')).toBe(80.5);
    expect(parseNumber('eighty')).toBeUndefined();
    expect(buildEntryRequest(form({ value: '' }), false, 'UTC')).toEqual({
      error: 'Enter the value as a number.',
    });
  });

  it('writes a negative offset with its sign', () => {
    expect(toIsoWithOffset(new Date(2026, 0, 1, 9, 5, 7))).toMatch(/^2026-01-01T09:05:07[+-]\d\d:\d\d$/);
  });
});

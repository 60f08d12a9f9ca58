import { describe, expect, it } from 'vitest';
import { reportJob } from '../test-utils';
import { confirmBody, initialEdit, invalidRows, parseNumber, rowErrors, savedCount } from './review-edits';

const results = reportJob().results!;
const [glucose, ldl, hdl, omega] = results as [
  (typeof results)[number],
  (typeof results)[number],
  (typeof results)[number],
  (typeof results)[number],
];

describe('review edits', () => {
  it('sends nothing but the confirmation when nothing changed', () => {
    expect(confirmBody(results, {})).toEqual({});
    // Typed back to what was printed: unchanged.
    expect(confirmBody(results, { r1: { value: ' 105 ', unit: 'mg/dL', skip: false } })).toEqual({});
  });

  it('sends a corrected value as a number with its text, a unit, and a left-out row', () => {
    const body = confirmBody(results, {
      [glucose.id]: { ...initialEdit(glucose), value: '110' },
      [ldl.id]: { ...initialEdit(ldl), unit: 'mmol/L' },
      [hdl.id]: { ...initialEdit(hdl), skip: true },
    });
    expect(body).toEqual({
      results: [
        { id: 'r1', value: 110, valueText: '110' },
        { id: 'r2', unit: 'mmol/L' },
        { id: 'r3', skip: true },
      ],
    });
  });

  it('sends an emptied unit as none', () => {
    expect(confirmBody(results, { r4: { ...initialEdit(omega), unit: ' ' } })).toEqual({
      results: [{ id: 'r4', unit: null }],
    });
  });

  it('takes a number or the printed text, and says so otherwise', () => {
    expect(rowErrors(omega, initialEdit(omega))).toEqual({});
    expect(rowErrors(omega, { ...initialEdit(omega), value: '3.8' })).toEqual({});
    expect(rowErrors(omega, { ...initialEdit(omega), value: 'low' }).value).toBe(
      'Enter a number, or keep the printed “<4.0”',
    );
    expect(rowErrors(glucose, { ...initialEdit(glucose), value: '' }).value).toBe(
      'Enter a value, or leave this result out',
    );
    expect(rowErrors(glucose, { ...initialEdit(glucose), unit: 'x'.repeat(41) }).unit).toBe(
      'At most 40 characters',
    );
    // A row left out is not checked.
    expect(rowErrors(glucose, { value: 'high', unit: '', skip: true })).toEqual({});
    expect(invalidRows(results, { r2: { ...initialEdit(ldl), value: '13l' } })).toEqual([ldl]);
  });

  it('reads numbers as people type them', () => {
    expect(parseNumber('105')).toBe(105);
    expect(parseNumber('-2.5')).toBe(-2.5);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('<0.5')).toBeNull();
    expect(parseNumber('NEGATIVE')).toBeNull();
    expect(parseNumber('1,23')).toBeNull();
  });

  it('counts what a save writes', () => {
    expect(savedCount(results, {})).toBe(4);
    expect(savedCount(results, { r3: { ...initialEdit(hdl), skip: true } })).toBe(3);
  });
});

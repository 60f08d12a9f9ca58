import { describe, expect, it } from 'vitest';
import { cell } from './csv-export';
import { isoWithOffset } from './samples-section';

describe('CSV cells', () => {
  it('quotes per RFC 4180 and defuses spreadsheet formulas', () => {
    expect(cell('plain')).toBe('plain');
    expect(cell('a,b')).toBe('"a,b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(cell(-5)).toBe('-5');
    expect(cell(null)).toBe('');
    expect(cell(false)).toBe('false');
  });
});

describe('isoWithOffset', () => {
  it('writes the instant in the offset it was recorded at', () => {
    const ms = Date.parse('2026-03-01T06:30:00Z');
    expect(isoWithOffset(ms, 0)).toBe('2026-03-01T06:30:00Z');
    expect(isoWithOffset(ms, 330)).toBe('2026-03-01T12:00:00+05:30');
    expect(isoWithOffset(ms, -480)).toBe('2026-02-28T22:30:00-08:00');
  });
});

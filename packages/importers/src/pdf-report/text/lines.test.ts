import { describe, expect, it } from 'vitest';
import { toLines } from './lines';
import type { PositionedText } from './types';

const run = (text: string, x: number, baseline: number, size = 9): PositionedText => ({
  text,
  x,
  baseline,
  width: text.length * size * 0.5,
  size,
});

describe('text runs into lines and cells', () => {
  it('groups by baseline, sorts by x, and numbers lines top to bottom', () => {
    const lines = toLines(1, [run('105', 250, 200), run('GLUCOSE', 48, 200), run('Test Name', 36, 180)]);
    expect(lines.map((l) => [l.number, l.text])).toEqual([
      [1, 'Test Name'],
      [2, 'GLUCOSE 105'],
    ]);
    expect(lines[1]!.cells.map((c) => c.text)).toEqual(['GLUCOSE', '105']);
  });

  it('takes a raised superscript into its line and words split into runs into one cell', () => {
    const lines = toLines(1, [
      run('Glucose', 46, 300),
      run('01', 80, 296.8, 6),
      run('CHOLESTEROL,', 46, 320),
      run('TOTAL', 105, 320),
    ]);
    expect(lines.map((l) => l.cells.map((c) => c.text))).toEqual([['Glucose 01'], ['CHOLESTEROL, TOTAL']]);
  });

  it('splits one run at a wide gap of spaces, as a padded table prints it', () => {
    const [line] = toLines(2, [run('GLUCOSE     105 H     65-99 mg/dL', 40, 100)]);
    expect(line!.cells.map((c) => c.text)).toEqual(['GLUCOSE', '105 H', '65-99 mg/dL']);
    expect(line!.cells[1]!.x).toBeGreaterThan(line!.cells[0]!.right);
    expect(line!.page).toBe(2);
  });

  it('gives each cell a box from the top of its letters to below its baseline', () => {
    const [line] = toLines(1, [run('A1c', 100, 200, 10)]);
    expect(line!.cells[0]).toMatchObject({ x: 100, top: 192, bottom: 202.5 });
  });
});

import { describe, expect, it } from 'vitest';
import type { PageText, TextCell, TextLine } from '../text/types';
import { labResults } from './lab-results';
import type { TableLayout } from './lab-table';

const layout: TableLayout = {
  headers: [
    { role: 'name', header: /^test$/i },
    { role: 'value', header: /^result$/i },
    { role: 'unit', header: /^units$/i },
    { role: 'range', header: /^range$/i },
  ],
};

const cell = (text: string, x: number, right: number): TextCell => ({
  text,
  x,
  right,
  top: 100,
  bottom: 109,
});
const line = (number: number, ...cells: TextCell[]): TextLine => ({
  page: 1,
  number,
  top: 100,
  bottom: 109,
  cells,
  text: cells.map((c) => c.text).join(' '),
});
const read = (...rows: TextLine[]) => {
  const header = line(
    1,
    cell('Test', 40, 58),
    cell('Result', 200, 227),
    cell('Units', 262, 284),
    cell('Range', 330, 355),
  );
  const page: PageText = { number: 1, width: 612, height: 792, lines: [header, ...rows] };
  return labResults([page], { layout, lab: null, date: '2026-11-14' });
};

describe('results from table rows', () => {
  it('keeps a centred unit wider than its heading out of the value beside it', () => {
    // "mL/min/1.73m2" centred on "Units" starts 19 points left of it, close to the result.
    const [egfr] = read(
      line(
        2,
        cell('eGFR', 40, 60),
        cell('91', 200, 210),
        cell('mL/min/1.73m2', 243, 303),
        cell('>59', 330, 345),
      ),
    );
    expect(egfr).toMatchObject({ kind: 'egfr', value: 91, unit: 'mL/min/1.73m2', flag: null });
  });

  it('reads a value and a unit drawn as one cell', () => {
    const [potassium] = read(
      line(2, cell('Potassium', 40, 80), cell('5.4 mmol/L', 200, 245), cell('3.5-5.1', 330, 360)),
    );
    expect(potassium).toMatchObject({
      kind: 'potassium',
      value: 5.4,
      valueText: '5.4',
      unit: 'mmol/L',
      referenceRange: { low: 3.5, high: 5.1 },
      flag: 'high',
    });
  });

  it('flags from the range only when the lab prints no flag, and keeps a printed critical', () => {
    const [low, critical] = read(
      line(
        2,
        cell('Sodium', 40, 70),
        cell('131', 200, 215),
        cell('mmol/L', 262, 290),
        cell('135-145', 330, 362),
      ),
      line(
        3,
        cell('Potassium', 40, 80),
        cell('6.9 HH', 200, 228),
        cell('mmol/L', 262, 290),
        cell('3.5-5.1', 330, 360),
      ),
    );
    expect(low!.flag).toBe('low');
    expect(critical!.flag).toBe('critical_high');
  });
});

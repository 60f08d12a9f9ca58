import { settle, type Fixture, type PendingExpected } from './expected';
import {
  above,
  below,
  between,
  drawCells,
  expectRow,
  num,
  type DrawnColumn,
  type Expect,
} from './layout-kit';
import { PdfBuilder } from './pdf-builder';

/**
 * Test | Result | Previous Result | Units | Reference Range: a clinic lab that prints the last result beside
 * the current one, and centres its units under a narrow heading — "mL/min/1.73m2" starts well left of
 * "Units". No flag column: only the glucose carries an H; every other flag comes from the range.
 */
const COLUMNS: readonly DrawnColumn[] = [
  { x: 40 },
  { x: 200 },
  { x: 262 },
  { x: 362, width: 44, align: 'centre' },
  { x: 450 },
];

interface Row {
  name: string;
  result: string;
  previous: string;
  unit: string;
  range: string;
  /** Undefined: the row must not be read (no current result). */
  expect?: Expect;
}

const mgdl = 'mg/dL';
const row = (
  name: string,
  result: string,
  previous: string,
  unit: string,
  range: string,
  expect?: Expect,
): Row => ({ name, result, previous, unit, range, ...(expect ? { expect } : {}) });

/** Ben's quarterly labs: diabetes, kidney, electrolytes; last quarter's values beside this one's. */
export const BEN_PREVIOUS: readonly Row[] = [
  row(
    'Glucose',
    '241 H',
    '188  08/14/2026',
    mgdl,
    '70-99',
    num('blood_glucose', 241, mgdl, between(70, 99), 'high'),
  ),
  row(
    'Hemoglobin A1c',
    '7.4',
    '7.1  08/14/2026',
    '%',
    '4.0-5.6',
    num('hemoglobin_a1c', 7.4, '%', between(4, 5.6), 'high'),
  ),
  row(
    'Creatinine',
    '1.02',
    '0.98  08/14/2026',
    mgdl,
    '0.76-1.27',
    num('creatinine', 1.02, mgdl, between(0.76, 1.27)),
  ),
  row(
    'eGFR',
    '91',
    '95  08/14/2026',
    'mL/min/1.73m2',
    '>59',
    num('egfr', 91, 'mL/min/1.73m2', above(59, '>59')),
  ),
  row(
    'Sodium',
    '133',
    '138  08/14/2026',
    'mmol/L',
    '135-145',
    num('sodium', 133, 'mmol/L', between(135, 145), 'low'),
  ),
  row(
    'Potassium',
    '5.8',
    '4.6  08/14/2026',
    'mmol/L',
    '3.5-5.1',
    num('potassium', 5.8, 'mmol/L', between(3.5, 5.1), 'high'),
  ),
  row(
    'WBC',
    '6.3',
    '5.9  08/14/2026',
    'x10E3/uL',
    '3.4-10.8',
    num('custom', 6.3, 'x10E3/uL', between(3.4, 10.8)),
  ),
  row(
    'Platelets',
    '140',
    '182  08/14/2026',
    'x10E3/uL',
    '150-450',
    num('custom', 140, 'x10E3/uL', between(150, 450), 'low'),
  ),
  row(
    'TSH',
    '1.870',
    '',
    'uIU/mL',
    '0.450-4.500',
    num('thyroid_stimulating_hormone', 1.87, 'uIU/mL', between(0.45, 4.5), null, '1.870'),
  ),
  // Not drawn this time: only last quarter's value is printed, in the previous column.
  row('Vitamin D, 25-Hydroxy', '', '28  05/12/2026', 'ng/mL', '30-100'),
  row(
    'Microalbumin/Creatinine Ratio',
    '42',
    '35  08/14/2026',
    'mg/g creat',
    '<30',
    num('microalbumin_creatinine_ratio', 42, 'mg/g creat', below(30, '<30'), 'high'),
  ),
  row(
    'HDL Cholesterol',
    '38',
    '41  08/14/2026',
    mgdl,
    '>=40',
    num('hdl_cholesterol', 38, mgdl, above(40, '>=40'), 'low'),
  ),
  // "<150" leaves 150 out.
  row(
    'Triglycerides',
    '150',
    '162  08/14/2026',
    mgdl,
    '<150',
    num('triglycerides', 150, mgdl, below(150, '<150'), 'high'),
  ),
  row(
    'LDL Chol Calc (NIH)',
    '99',
    '118  08/14/2026',
    mgdl,
    '0-99',
    num('ldl_calculated_nih', 99, mgdl, between(0, 99)),
  ),
];

const LAB = 'Lakeview Clinical Laboratory';

/** One page: letterhead, patient fields, the table with its previous-result column. */
export async function previousResultReport(rows: readonly Row[] = BEN_PREVIOUS): Promise<Fixture> {
  const pdf = new PdfBuilder();
  pdf
    .text(40, 34, LAB, { bold: true, size: 14 })
    .text(40, 54, '410 Lake Street, Madison, WI 53703', { size: 8 })
    .row(78, [
      [40, 'Patient: CARTER, BEN'],
      [300, 'Collected: 11/14/2026 07:50'],
    ])
    .row(90, [
      [40, 'DOB: 07/02/1979'],
      [300, 'Reported: 11/15/2026'],
    ]);
  drawCells(pdf, 116, COLUMNS, ['Test', 'Result', 'Previous Result', 'Units', 'Reference Range'], {
    bold: true,
  });
  pdf.rule(128);
  const source = { date: '2026-11-14', lab: LAB };
  const pending: PendingExpected[] = [];
  let y = 134;
  for (const r of rows) {
    drawCells(pdf, y, COLUMNS, [r.name, r.result, r.previous, r.unit, r.range]);
    if (r.expect) pending.push(expectRow(pdf, y, r.name, r.expect, source));
    y += 14;
  }
  pdf.text(40, 740, 'Page 1 of 1', { size: 7 });
  return {
    name: 'Previous-result column (Ben)',
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Ben Carter',
    date: '2026-11-14',
    pages: 1,
    expected: settle(pending),
  };
}

import { settle, type Fixture, type PendingExpected } from './expected';
import { between, below, drawCells, expectRow, num, type DrawnColumn, type Expect } from './layout-kit';
import { PdfBuilder } from './pdf-builder';

/**
 * A hospital lab's one-page summary printed in two columns: the blood count on the left, chemistry on the
 * right, each under its own Test | Result | Units | Range header on the same line. Values right-aligned.
 */
const side = (x: number): readonly DrawnColumn[] => [
  { x },
  { x: x + 100, width: 34, align: 'right' },
  { x: x + 146 },
  { x: x + 196 },
];
const LEFT = side(36);
const RIGHT = side(318);

type Row = readonly [name: string, result: string, unit: string, range: string, expect: Expect];

const mgdl = 'mg/dL';

export const CHEN_LEFT: readonly Row[] = [
  ['WBC', '7.9', 'K/uL', '4.0-11.0', num('custom', 7.9, 'K/uL', between(4, 11))],
  ['RBC', '4.02', 'M/uL', '3.90-5.20', num('custom', 4.02, 'M/uL', between(3.9, 5.2))],
  ['Hemoglobin', '11.4 L', 'g/dL', '12.0-15.5', num('hemoglobin', 11.4, 'g/dL', between(12, 15.5), 'low')],
  ['Hematocrit', '35.1', '%', '36.0-46.0', num('custom', 35.1, '%', between(36, 46), 'low')],
  ['MCV', '87.3', 'fL', '80.0-100.0', num('custom', 87.3, 'fL', between(80, 100))],
  ['MCH', '28.4', 'pg', '26.0-34.0', num('custom', 28.4, 'pg', between(26, 34))],
  ['RDW', '15.9', '%', '11.5-14.5', num('custom', 15.9, '%', between(11.5, 14.5), 'high')],
  ['Platelets', '412 H', 'K/uL', '150-400', num('custom', 412, 'K/uL', between(150, 400), 'high')],
];

export const CHEN_RIGHT: readonly Row[] = [
  ['Sodium', '141', 'mEq/L', '136-145', num('sodium', 141, 'mEq/L', between(136, 145))],
  ['Potassium', '3.3', 'mEq/L', '3.5-5.1', num('potassium', 3.3, 'mEq/L', between(3.5, 5.1), 'low')],
  ['Chloride', '104', 'mEq/L', '98-107', num('chloride', 104, 'mEq/L', between(98, 107))],
  ['CO2', '25', 'mEq/L', '21-31', num('carbon_dioxide', 25, 'mEq/L', between(21, 31))],
  ['BUN', '14', mgdl, '7-25', num('urea_nitrogen', 14, mgdl, between(7, 25))],
  ['Creatinine', '0.81', mgdl, '0.60-1.20', num('creatinine', 0.81, mgdl, between(0.6, 1.2))],
  ['Glucose', '118', mgdl, '70-99', num('blood_glucose', 118, mgdl, between(70, 99), 'high')],
  ['Calcium', '9.1', mgdl, '8.6-10.3', num('calcium', 9.1, mgdl, between(8.6, 10.3))],
  ['AST', '31', 'U/L', '<35', num('ast', 31, 'U/L', below(35, '<35'))],
  ['ALT', '52', 'U/L', '<35', num('alt', 52, 'U/L', below(35, '<35'), 'high')],
];

const LAB = 'Bayside Community Hospital Laboratory';

/** Letterhead, patient fields, the two-column header, both tables, a footer. */
export async function twoColumnReport(): Promise<Fixture> {
  const pdf = new PdfBuilder();
  pdf
    .text(36, 32, LAB, { bold: true, size: 13 })
    .row(58, [
      [36, 'Patient: CHEN, MEI'],
      [318, 'Collected: 09/21/2026 06:40'],
    ])
    .row(70, [
      [36, 'MRN: 00451178'],
      [318, 'Received: 09/21/2026 07:15'],
    ]);
  const header = ['Test', 'Result', 'Units', 'Range'];
  drawCells(pdf, 96, LEFT, header, { bold: true, size: 8 });
  drawCells(pdf, 96, RIGHT, header, { bold: true, size: 8 });
  pdf.rule(107);
  pdf.row(
    113,
    [
      [36, 'COMPLETE BLOOD COUNT'],
      [318, 'BASIC CHEMISTRY'],
    ],
    { bold: true, size: 8 },
  );
  const source = { date: '2026-09-21', lab: LAB };
  const left: PendingExpected[] = [];
  const right: PendingExpected[] = [];
  const draw = (rows: readonly Row[], columns: readonly DrawnColumn[], into: PendingExpected[]) => {
    let y = 126;
    for (const [name, result, unit, range, expect] of rows) {
      drawCells(pdf, y, columns, [name, result, unit, range], { size: 8 });
      into.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
      y += 12;
    }
  };
  draw(CHEN_LEFT, LEFT, left);
  draw(CHEN_RIGHT, RIGHT, right);
  pdf.text(36, 740, 'Page 1 of 1 · Printed 09/22/2026', { size: 7 });
  return {
    name: 'Two-column page (Chen)',
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Mei Chen',
    date: '2026-09-21',
    pages: 1,
    // The left column is read first, then the right.
    expected: settle([...left, ...right]),
  };
}

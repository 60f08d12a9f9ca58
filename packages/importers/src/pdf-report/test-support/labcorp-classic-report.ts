import { settle, type Fixture, type PendingExpected } from './expected';
import { above, between, drawCells, expectRow, num, type DrawnColumn, type Expect } from './layout-kit';
import { PdfBuilder } from './pdf-builder';
import { TableWriter } from './table-writer';

/**
 * Labcorp's earlier patient report: the patient's and specimen's fields as a grid of capitalised headings
 * with the values under them, then TESTS | RESULT | FLAG | UNITS | REFERENCE INTERVAL | LAB — results
 * right-aligned, the flag a word in its own column, the performing lab's number last, CBC units as
 * "x10E3/uL" and "x10E6/uL", "Not Estab." for a differential without an interval.
 */
const COLUMNS: readonly DrawnColumn[] = [
  { x: 36 },
  { x: 206, width: 44, align: 'right' },
  { x: 262, width: 40, align: 'centre' },
  { x: 318 },
  { x: 398 },
  { x: 540, width: 20, align: 'right' },
];

type Row = readonly [name: string, result: string, flag: string, unit: string, range: string, expect: Expect];

const mgdl = 'mg/dL';
const k = 'x10E3/uL';

export const BEN_CLASSIC: readonly { panel: string; rows: readonly Row[] }[] = [
  {
    panel: 'Comp. Metabolic Panel (14)',
    rows: [
      [
        'Glucose, Serum',
        '106',
        'High',
        mgdl,
        '65-99',
        num('blood_glucose', 106, mgdl, between(65, 99), 'high'),
      ],
      ['BUN', '14', '', mgdl, '6-24', num('urea_nitrogen', 14, mgdl, between(6, 24))],
      [
        'Creatinine, Serum',
        '1.31',
        'High',
        mgdl,
        '0.76-1.27',
        num('creatinine', 1.31, mgdl, between(0.76, 1.27), 'high'),
      ],
      [
        'eGFR If NonAfricn Am',
        '58',
        'Low',
        'mL/min/1.73',
        '>59',
        num('egfr', 58, 'mL/min/1.73', above(59, '>59'), 'low'),
      ],
      ['Sodium, Serum', '137', '', 'mmol/L', '134-144', num('sodium', 137, 'mmol/L', between(134, 144))],
      [
        'Potassium, Serum',
        '6.9',
        'Critical',
        'mmol/L',
        '3.5-5.2',
        num('potassium', 6.9, 'mmol/L', between(3.5, 5.2), 'critical_high'),
      ],
      ['Calcium, Serum', '9.5', '', mgdl, '8.7-10.2', num('calcium', 9.5, mgdl, between(8.7, 10.2))],
      [
        'Alkaline Phosphatase, S',
        '84',
        '',
        'IU/L',
        '39-117',
        num('alkaline_phosphatase', 84, 'IU/L', between(39, 117)),
      ],
      ['AST (SGOT)', '19', '', 'IU/L', '0-40', num('ast', 19, 'IU/L', between(0, 40))],
    ],
  },
  {
    panel: 'CBC With Differential/Platelet',
    rows: [
      ['WBC', '6.1', '', k, '3.4-10.8', num('custom', 6.1, k, between(3.4, 10.8))],
      ['RBC', '4.78', '', 'x10E6/uL', '4.14-5.80', num('custom', 4.78, 'x10E6/uL', between(4.14, 5.8))],
      ['Hemoglobin', '14.8', '', 'g/dL', '13.0-17.7', num('hemoglobin', 14.8, 'g/dL', between(13, 17.7))],
      ['Hematocrit', '43.5', '', '%', '37.5-51.0', num('custom', 43.5, '%', between(37.5, 51))],
      ['MCV', '91', '', 'fL', '79-97', num('custom', 91, 'fL', between(79, 97))],
      ['MCH', '31.0', '', 'pg', '26.6-33.0', num('custom', 31, 'pg', between(26.6, 33), null, '31.0')],
      ['Platelets', '142', 'Low', k, '150-379', num('custom', 142, k, between(150, 379), 'low')],
      ['Neutrophils', '58', '', '%', 'Not Estab.', num('custom', 58, '%', { text: 'Not Estab.' })],
      ['Neutrophils (Absolute)', '3.5', '', k, '1.4-7.0', num('custom', 3.5, k, between(1.4, 7))],
    ],
  },
  {
    panel: 'Lipid Panel',
    rows: [
      [
        'Cholesterol, Total',
        '212',
        'High',
        mgdl,
        '100-199',
        num('total_cholesterol', 212, mgdl, between(100, 199), 'high'),
      ],
      ['HDL Cholesterol', '41', '', mgdl, '>39', num('hdl_cholesterol', 41, mgdl, above(39, '>39'))],
      [
        'LDL Cholesterol Calc',
        '139',
        'High',
        mgdl,
        '0-99',
        num('ldl_cholesterol', 139, mgdl, between(0, 99), 'high'),
      ],
    ],
  },
  {
    panel: 'Hemoglobin A1c',
    rows: [
      [
        'Hemoglobin A1c',
        '7.9',
        'High',
        '%',
        '4.8-5.6',
        num('hemoglobin_a1c', 7.9, '%', between(4.8, 5.6), 'high'),
      ],
    ],
  },
  {
    panel: 'Thyroid',
    rows: [
      [
        'TSH',
        '0.380',
        'Low',
        'uIU/mL',
        '0.450-4.500',
        num('thyroid_stimulating_hormone', 0.38, 'uIU/mL', between(0.45, 4.5), 'low', '0.380'),
      ],
    ],
  },
];

function header(pdf: PdfBuilder, y: number): void {
  drawCells(pdf, y, COLUMNS, ['TESTS', 'RESULT', 'FLAG', 'UNITS', 'REFERENCE INTERVAL', 'LAB'], {
    bold: true,
    size: 8,
  });
  pdf.rule(y + 11);
}

/** The grid of fields, the table over two pages (header and panel repeated), the lab's footer. */
export async function labcorpClassicReport(): Promise<Fixture> {
  const pdf = new PdfBuilder();
  pdf.text(36, 28, 'LabCorp', { bold: true, size: 18 });
  const grid = (y: number, cells: readonly (readonly [number, string])[], bold = false) =>
    pdf.row(y, cells, { size: 7, bold });
  grid(
    56,
    [
      [36, 'SPECIMEN NUMBER'],
      [140, 'PATIENT ID'],
      [230, 'ACCOUNT NUMBER'],
      [330, 'PATIENT NAME'],
      [460, 'SEX'],
    ],
    true,
  );
  grid(66, [
    [36, '318-447-2211-0'],
    [140, '8843221'],
    [230, '04411870'],
    [330, 'CARTER, BEN'],
    [460, 'M'],
  ]);
  grid(
    82,
    [
      [36, 'DATE COLLECTED'],
      [140, 'TIME'],
      [230, 'DATE RECEIVED'],
      [330, 'DATE REPORTED'],
      [460, 'DATE OF BIRTH'],
    ],
    true,
  );
  grid(92, [
    [36, '11/14/2026'],
    [140, '09:15'],
    [230, '11/14/2026'],
    [330, '11/16/2026'],
    [460, '07/02/1979'],
  ]);
  header(pdf, 112);
  let panel = '';
  const writer = new TableWriter(
    pdf,
    {
      bottom: 300,
      step: 13,
      continuePage: (p) => {
        p.row(
          30,
          [
            [36, 'CARTER, BEN'],
            [330, 'Specimen: 318-447-2211-0'],
          ],
          { size: 8 },
        );
        header(p, 50);
        p.text(36, 68, `${panel} (Cont.)`, { bold: true, size: 8 });
        return 81;
      },
    },
    129,
  );
  const source = { date: '2026-11-14', lab: 'Labcorp' };
  const pending: PendingExpected[] = [];
  for (const group of BEN_CLASSIC) {
    panel = group.panel;
    pdf.text(36, writer.next(2), group.panel, { bold: true, size: 8 });
    for (const [name, result, flag, unit, range, expect] of group.rows) {
      const y = writer.next();
      drawCells(pdf, y, COLUMNS, [`   ${name}`, result, flag, unit, range, '01'], { size: 8 });
      pending.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
    }
    writer.gap(4);
  }
  pdf.eachPage((page, pages) => {
    pdf.text(
      36,
      750,
      `01  LabCorp Burlington, 1447 York Court, Burlington, NC 27215-3361   Page ${page} of ${pages}`,
      { size: 6 },
    );
    pdf.text(36, 760, '© 1995-2026 Laboratory Corporation of America® Holdings. All Rights Reserved.', {
      size: 6,
    });
  });
  return {
    name: 'Labcorp, earlier report (Ben)',
    pdf: await pdf.toBuffer(),
    source: 'labcorp',
    lab: 'Labcorp',
    patientName: 'Ben Carter',
    date: '2026-11-14',
    pages: pdf.page,
    expected: settle(pending),
  };
}

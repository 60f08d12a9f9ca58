import { settle, type Fixture, type PendingExpected } from './expected';
import {
  above,
  below,
  between,
  drawCells,
  expectRow,
  num,
  words,
  type DrawnColumn,
  type Expect,
} from './layout-kit';
import { PdfBuilder } from './pdf-builder';
import { TableWriter } from './table-writer';

/**
 * Test | Result | Flag | Units | Reference Interval, long enough to run over two pages and more. The
 * header is printed once, or (`repeatHeader`) again on every page; either way a continuation page starts
 * with the patient's banner, whose fields fall in the table's columns, and the cut panel's "(continued)".
 */
const COLUMNS: readonly DrawnColumn[] = [
  { x: 40 },
  { x: 210, width: 40, align: 'right' },
  { x: 262, width: 24, align: 'centre' },
  { x: 300 },
  { x: 400 },
];

type Row = readonly [name: string, result: string, flag: string, unit: string, range: string, expect: Expect];

const mgdl = 'mg/dL';

export const ADA_PANELS: readonly { panel: string; rows: readonly Row[] }[] = [
  {
    panel: 'COMPREHENSIVE METABOLIC PANEL',
    rows: [
      ['Glucose', '87', '', mgdl, '65-99', num('blood_glucose', 87, mgdl, between(65, 99))],
      ['BUN', '19', '', mgdl, '7-25', num('urea_nitrogen', 19, mgdl, between(7, 25))],
      ['Creatinine', '0.94', '', mgdl, '0.50-0.97', num('creatinine', 0.94, mgdl, between(0.5, 0.97))],
      ['eGFR', '80', '', 'mL/min/1.73m2', '>=60', num('egfr', 80, 'mL/min/1.73m2', above(60, '>=60'))],
      ['Sodium', '138', '', 'mmol/L', '135-146', num('sodium', 138, 'mmol/L', between(135, 146))],
      ['Potassium', '4.4', '', 'mmol/L', '3.5-5.3', num('potassium', 4.4, 'mmol/L', between(3.5, 5.3))],
      ['Chloride', '101', '', 'mmol/L', '98-110', num('chloride', 101, 'mmol/L', between(98, 110))],
      [
        'Carbon Dioxide',
        '19',
        'L',
        'mmol/L',
        '20-32',
        num('carbon_dioxide', 19, 'mmol/L', between(20, 32), 'low'),
      ],
      ['Calcium', '9.7', '', mgdl, '8.6-10.2', num('calcium', 9.7, mgdl, between(8.6, 10.2))],
      ['Protein, Total', '7.3', '', 'g/dL', '6.1-8.1', num('protein_total', 7.3, 'g/dL', between(6.1, 8.1))],
      ['Albumin', '4.8', '', 'g/dL', '3.6-5.1', num('albumin', 4.8, 'g/dL', between(3.6, 5.1))],
      ['Globulin', '2.5', '', 'g/dL', '1.9-3.7', num('globulin_total', 2.5, 'g/dL', between(1.9, 3.7))],
      [
        'Bilirubin, Total',
        '1.4',
        '',
        mgdl,
        '0.2-1.2',
        num('bilirubin_total', 1.4, mgdl, between(0.2, 1.2), 'high'),
      ],
      [
        'Alkaline Phosphatase',
        '58',
        '',
        'U/L',
        '31-125',
        num('alkaline_phosphatase', 58, 'U/L', between(31, 125)),
      ],
      ['AST', '41', 'H', 'U/L', '10-30', num('ast', 41, 'U/L', between(10, 30), 'high')],
      ['ALT', '33', 'H', 'U/L', '6-29', num('alt', 33, 'U/L', between(6, 29), 'high')],
    ],
  },
  {
    panel: 'LIPID PANEL',
    rows: [
      [
        'Cholesterol, Total',
        '176',
        '',
        mgdl,
        '<200',
        num('total_cholesterol', 176, mgdl, below(200, '<200')),
      ],
      ['HDL Cholesterol', '71', '', mgdl, '>=50', num('hdl_cholesterol', 71, mgdl, above(50, '>=50'))],
      ['Triglycerides', '54', '', mgdl, '<150', num('triglycerides', 54, mgdl, below(150, '<150'))],
      ['LDL Cholesterol', '92', '', mgdl, '<100', num('ldl_cholesterol', 92, mgdl, below(100, '<100'))],
    ],
  },
  {
    panel: 'CBC WITH DIFFERENTIAL',
    rows: [
      [
        'White Blood Cells',
        '3.6',
        'L',
        'Thousand/uL',
        '3.8-10.8',
        num('custom', 3.6, 'Thousand/uL', between(3.8, 10.8), 'low'),
      ],
      [
        'Red Blood Cells',
        '4.31',
        '',
        'Million/uL',
        '3.80-5.10',
        num('custom', 4.31, 'Million/uL', between(3.8, 5.1)),
      ],
      ['Hemoglobin', '13.2', '', 'g/dL', '11.7-15.5', num('hemoglobin', 13.2, 'g/dL', between(11.7, 15.5))],
      ['Hematocrit', '39.8', '', '%', '35.0-45.0', num('custom', 39.8, '%', between(35, 45))],
      [
        'Platelets',
        '221',
        '',
        'Thousand/uL',
        '140-400',
        num('custom', 221, 'Thousand/uL', between(140, 400)),
      ],
      [
        'Absolute Neutrophils',
        '1420',
        '',
        'cells/uL',
        '1500-7800',
        num('custom', 1420, 'cells/uL', between(1500, 7800), 'low'),
      ],
      [
        'Absolute Lymphocytes',
        '1650',
        '',
        'cells/uL',
        '850-3900',
        num('custom', 1650, 'cells/uL', between(850, 3900)),
      ],
    ],
  },
  {
    panel: 'OTHER',
    rows: [
      ['Ferritin', '16', '', 'ng/mL', '16-154', num('custom', 16, 'ng/mL', between(16, 154))],
      ['Vitamin B12', '402', '', 'pg/mL', '200-1100', num('vitamin_b12', 402, 'pg/mL', between(200, 1100))],
      [
        'TSH',
        '1.62',
        '',
        'mIU/L',
        '0.40-4.50',
        num('thyroid_stimulating_hormone', 1.62, 'mIU/L', between(0.4, 4.5)),
      ],
      [
        'Hepatitis B Surface Ag',
        'POSITIVE',
        '',
        '',
        'Negative',
        words('POSITIVE', { text: 'Negative' }, 'abnormal'),
      ],
      ['Urine Protein', 'Negative', '', '', 'Negative', words('Negative', { text: 'Negative' })],
    ],
  },
];

const LAB = 'Willamette Valley Medical Laboratory';

function header(pdf: PdfBuilder, y: number): void {
  drawCells(pdf, y, COLUMNS, ['Test', 'Result', 'Flag', 'Units', 'Reference Interval'], { bold: true });
  pdf.rule(y + 12);
}

/** The table across pages; `bottom` is how far down a page rows go. */
export async function pageBreakReport(options: { repeatHeader: boolean; bottom?: number }): Promise<Fixture> {
  const pdf = new PdfBuilder();
  pdf
    .text(40, 32, LAB, { bold: true, size: 14 })
    .row(60, [
      [40, 'Patient Name: Ada Example'],
      [300, 'Collection Date: 06/12/2026 07:30'],
    ])
    .row(72, [
      [40, 'DOB: 05/17/1990'],
      [300, 'Report Date: 06/13/2026'],
    ]);
  header(pdf, 96);
  let panel = '';
  const writer = new TableWriter(
    pdf,
    {
      bottom: options.bottom ?? 330,
      step: 14,
      continuePage: (p) => {
        // The banner's cells fall under Test and Units: neither is a result.
        p.row(36, [
          [40, 'Patient: Ada Example'],
          [300, 'Collected: 06/12/2026'],
        ]);
        let y = 60;
        if (options.repeatHeader) {
          header(p, y);
          y += 18;
        }
        p.text(40, y, `${panel} (continued)`, { bold: true });
        return y + 16;
      },
    },
    116,
  );
  const source = { date: '2026-06-12', lab: LAB };
  const pending: PendingExpected[] = [];
  for (const group of ADA_PANELS) {
    panel = group.panel;
    pdf.text(40, writer.next(2), group.panel, { bold: true });
    for (const [name, result, flag, unit, range, expect] of group.rows) {
      const y = writer.next();
      drawCells(pdf, y, COLUMNS, [`  ${name}`, result, flag, unit, range]);
      pending.push(expectRow(pdf, y, name, expect, source));
    }
    writer.gap(6);
  }
  pdf.eachPage((page, pages) => pdf.text(40, 750, `${LAB} · Page ${page} of ${pages}`, { size: 7 }));
  return {
    name: `Table across pages, header ${options.repeatHeader ? 'repeated' : 'printed once'} (Ada)`,
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Ada Example',
    date: '2026-06-12',
    pages: pdf.page,
    expected: settle(pending),
  };
}

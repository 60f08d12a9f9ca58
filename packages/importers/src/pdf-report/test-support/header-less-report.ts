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
 * A small lab's list without a header row: plain titles ("LIPID PROFILE"), then `name value [flag] unit
 * range` lines; ranges in every wording ("< 200", "up to 100", "60 or more", "less than 5.7", "(11.7-15.5)").
 * No flags but one: the rest come from the ranges. Lines with numbers that are not results sit between.
 */
const COLUMNS: readonly DrawnColumn[] = [
  { x: 48 },
  { x: 200, width: 40, align: 'right' },
  { x: 250 },
  { x: 340 },
];

type Line = readonly [name: string, value: string, unit: string, range: string, expect: Expect];

const mgdl = 'mg/dL';

export const ADA_LIST: readonly { title: string; lines: readonly Line[]; note?: string }[] = [
  {
    title: 'LIPID PROFILE',
    note: 'Fasting: 12 hours',
    lines: [
      [
        'Total Cholesterol',
        '212',
        mgdl,
        '< 200',
        num('total_cholesterol', 212, mgdl, below(200, '< 200'), 'high'),
      ],
      ['HDL Cholesterol', '62', mgdl, '> 40', num('hdl_cholesterol', 62, mgdl, above(40, '> 40'))],
      ['Triglycerides', '88', mgdl, '< 150', num('triglycerides', 88, mgdl, below(150, '< 150'))],
      [
        'LDL Cholesterol',
        '131',
        mgdl,
        'up to 100',
        num('ldl_cholesterol', 131, mgdl, below(100, 'up to 100'), 'high'),
      ],
      ['Lipoprotein (a)', '45', 'nmol/L', '< 75', num('custom', 45, 'nmol/L', below(75, '< 75'))],
    ],
  },
  {
    title: 'KIDNEY FUNCTION',
    lines: [
      ['Creatinine', '0.72', mgdl, '0.57 - 1.00', num('creatinine', 0.72, mgdl, between(0.57, 1))],
      [
        'eGFR',
        '108',
        'mL/min/1.73 m2',
        '60 or more',
        num('egfr', 108, 'mL/min/1.73 m2', above(60, '60 or more')),
      ],
      ['Urea Nitrogen (BUN)', '11', mgdl, '6-20', num('urea_nitrogen', 11, mgdl, between(6, 20))],
    ],
  },
  {
    title: 'BLOOD COUNT',
    note: 'Specimen: whole blood, 2 tubes',
    lines: [
      [
        'Hemoglobin',
        '11.2 L',
        'g/dL',
        '(11.7-15.5)',
        num('hemoglobin', 11.2, 'g/dL', between(11.7, 15.5), 'low'),
      ],
      ['WBC', '6.3', '10^3/uL', '(3.8-10.8)', num('custom', 6.3, '10^3/uL', between(3.8, 10.8))],
      ['Platelets', '250', '10^3/uL', '(140-400)', num('custom', 250, '10^3/uL', between(140, 400))],
    ],
  },
  {
    title: 'OTHER TESTS',
    lines: [
      ['Glucose', '92', mgdl, '70-99', num('blood_glucose', 92, mgdl, between(70, 99))],
      [
        'Hemoglobin A1c',
        '5.9',
        '%',
        'less than 5.7',
        num('hemoglobin_a1c', 5.9, '%', below(5.7, 'less than 5.7'), 'high'),
      ],
      ['Vitamin D, 25-OH', '22', 'ng/mL', '30-100', num('vitamin_d', 22, 'ng/mL', between(30, 100), 'low')],
      [
        'TSH',
        '2.10',
        'uIU/mL',
        '0.40-4.50',
        num('thyroid_stimulating_hormone', 2.1, 'uIU/mL', between(0.4, 4.5), null, '2.10'),
      ],
      [
        'Ferritin',
        '18',
        'ng/mL',
        'greater than 29',
        num('custom', 18, 'ng/mL', above(29, 'greater than 29'), 'low'),
      ],
    ],
  },
];

const LAB = 'Northgate Medical Laboratory';

/** One page: letterhead, labelled fields, titled lists of results, a sign-off. */
export async function headerLessReport(): Promise<Fixture> {
  const pdf = new PdfBuilder();
  pdf
    .text(48, 34, LAB, { bold: true, size: 14 })
    .text(48, 52, '88 Northgate Avenue, Eugene, OR 97401  ·  Tel (541) 555-0190', { size: 8 })
    .row(76, [
      [48, 'Patient Name: Ada Example'],
      [330, 'Date Collected: 10/03/2026'],
    ])
    .row(88, [
      [48, 'DOB: 05/17/1990'],
      [330, 'Report Date: 10/04/2026'],
    ]);
  const source = { date: '2026-10-03', lab: LAB };
  const pending: PendingExpected[] = [];
  let y = 116;
  for (const section of ADA_LIST) {
    pdf.text(48, y, section.title, { bold: true });
    y += 14;
    if (section.note) {
      pdf.text(48, y, section.note, { size: 8 });
      y += 12;
    }
    for (const [name, value, unit, range, expect] of section.lines) {
      drawCells(pdf, y, COLUMNS, [name, value, unit, range]);
      pending.push(expectRow(pdf, y, name, expect, source));
      y += 13;
    }
    y += 10;
  }
  pdf.text(48, y + 10, 'Results reviewed by Dr. K. House on 10/04/2026.', { size: 8 });
  pdf.text(48, 740, 'Page 1 of 1', { size: 7 });
  return {
    name: 'List without a header row (Ada)',
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Ada Example',
    date: '2026-10-03',
    pages: 1,
    expected: settle(pending),
  };
}

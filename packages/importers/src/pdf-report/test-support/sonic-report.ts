import { settle, type Fixture, type PendingExpected } from './expected';
import {
  A4,
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
 * An Australian community pathology practice's cumulative report (the way Sonic Healthcare's practices
 * and other regional labs print one): each section's header row gives the collection days, oldest first,
 * with "Units" and "Reference" after them; request times and lab numbers under it; each test's results
 * for those days right-aligned, SI units, reference intervals in parentheses, H and L after the value.
 * The latest day's column is the result; the earlier ones are never read.
 */
const COLUMNS: readonly DrawnColumn[] = [
  { x: 36 },
  { x: 196, width: 48, align: 'right' },
  { x: 256, width: 48, align: 'right' },
  { x: 316, width: 48, align: 'right' },
  { x: 384 },
  { x: 458 },
];

type Row = readonly [name: string, results: readonly string[], unit: string, range: string, expect: Expect];

const mmol = 'mmol/L';

const BIOCHEMISTRY: readonly Row[] = [
  ['Sodium', ['140', '138', '141'], mmol, '(135-145)', num('sodium', 141, mmol, between(135, 145))],
  [
    'Potassium',
    ['4.1', '4.5', '5.6 H'],
    mmol,
    '(3.5-5.2)',
    num('potassium', 5.6, mmol, between(3.5, 5.2), 'high'),
  ],
  ['Chloride', ['102', '101', '103'], mmol, '(95-110)', num('chloride', 103, mmol, between(95, 110))],
  ['Bicarbonate', ['27', '26', '24'], mmol, '(22-32)', num('carbon_dioxide', 24, mmol, between(22, 32))],
  ['Urea', ['5.2', '6.0', '7.1'], mmol, '(3.0-8.0)', num('custom', 7.1, mmol, between(3, 8))],
  [
    'Creatinine',
    ['78', '84', '112 H'],
    'umol/L',
    '(60-110)',
    num('creatinine', 112, 'umol/L', between(60, 110), 'high'),
  ],
  // Printed without a flag: the interval gives it.
  [
    'eGFR',
    ['>90', '85', '52'],
    'mL/min/1.73m2',
    '(>59)',
    num('egfr', 52, 'mL/min/1.73m2', above(59, '>59'), 'low'),
  ],
  [
    'Glucose (fasting)',
    ['5.1', '5.6 H', '7.4 H'],
    mmol,
    '(3.0-5.4)',
    num('blood_glucose', 7.4, mmol, between(3, 5.4), 'high'),
  ],
  [
    'Cholesterol',
    ['5.8 H', '5.4', '4.9'],
    mmol,
    '(<5.5)',
    num('total_cholesterol', 4.9, mmol, below(5.5, '<5.5')),
  ],
  [
    'Triglyceride',
    ['1.9', '1.6', '2.3 H'],
    mmol,
    '(<2.0)',
    num('triglycerides', 2.3, mmol, below(2, '<2.0'), 'high'),
  ],
  // "(>1.0)": 1.0 itself is out.
  [
    'HDL Cholesterol',
    ['1.1', '1.2', '1.0'],
    mmol,
    '(>1.0)',
    num('hdl_cholesterol', 1, mmol, above(1, '>1.0'), 'low', '1.0'),
  ],
  [
    'LDL Cholesterol',
    ['3.8', '3.5', '2.8'],
    mmol,
    '(<3.5)',
    num('ldl_cholesterol', 2.8, mmol, below(3.5, '<3.5')),
  ],
  [
    'HbA1c',
    ['7.1 H', '7.4 H', '7.6 H'],
    '%',
    '(4.0-6.0)',
    num('hemoglobin_a1c', 7.6, '%', between(4, 6), 'high'),
  ],
  [
    'HbA1c (IFCC)',
    ['54 H', '57 H', '60 H'],
    'mmol/mol',
    '(20-42)',
    num('hemoglobin_a1c', 60, 'mmol/mol', between(20, 42), 'high'),
  ],
  ['Albumin', ['45', '44', '44'], 'g/L', '(35-50)', num('albumin', 44, 'g/L', between(35, 50))],
  ['ALT', ['28', '33', '41 H'], 'U/L', '(<35)', num('alt', 41, 'U/L', below(35, '<35'), 'high')],
  ['GGT', ['22', '25', '29'], 'U/L', '(<38)', num('custom', 29, 'U/L', below(38, '<38'))],
];

const HAEMATOLOGY: readonly Row[] = [
  [
    'Haemoglobin',
    ['152', '148', '128 L'],
    'g/L',
    '(130-180)',
    num('hemoglobin', 128, 'g/L', between(130, 180), 'low'),
  ],
  [
    'WCC',
    ['6.2', '5.8', '11.6 H'],
    'x10^9/L',
    '(4.0-11.0)',
    num('custom', 11.6, 'x10^9/L', between(4, 11), 'high'),
  ],
  [
    'Platelets',
    ['245', '260', '238'],
    'x10^9/L',
    '(150-400)',
    num('custom', 238, 'x10^9/L', between(150, 400)),
  ],
  [
    'RCC',
    ['4.9', '4.8', '4.3'],
    'x10^12/L',
    '(4.5-6.5)',
    num('custom', 4.3, 'x10^12/L', between(4.5, 6.5), 'low'),
  ],
  [
    'Haematocrit',
    ['0.44', '0.43', '0.39 L'],
    'L/L',
    '(0.40-0.54)',
    num('custom', 0.39, 'L/L', between(0.4, 0.54), 'low'),
  ],
  ['MCV', ['90', '91', '89'], 'fL', '(80-100)', num('custom', 89, 'fL', between(80, 100))],
  [
    'Neutrophils',
    ['3.9', '3.6', '8.9 H'],
    'x10^9/L',
    '(2.0-7.5)',
    num('custom', 8.9, 'x10^9/L', between(2, 7.5), 'high'),
  ],
];

const LAB = 'Harbourside Pathology';
const DAYS = ['01/02/26', '15/08/26', '14/11/26'];

function sectionHeader(pdf: PdfBuilder, y: number, title: string): number {
  pdf.text(36, y, title, { bold: true, size: 10 });
  drawCells(pdf, y + 16, COLUMNS, ['Date', ...DAYS, 'Units', 'Reference'], { bold: true, size: 8 });
  drawCells(pdf, y + 27, COLUMNS, ['Time', '08:30', '09:10', '08:45'], { size: 8 });
  drawCells(pdf, y + 38, COLUMNS, ['Lab No', '26-0023', '26-1187', '26-3187'], { size: 8 });
  pdf.rule(y + 49, 36, 559);
  return y + 55;
}

/** One A4 page: letterhead, the patient and request, two cumulative sections, the practice's footer. */
export async function sonicReport(): Promise<Fixture> {
  const pdf = new PdfBuilder({ size: A4 });
  pdf
    .text(36, 30, LAB, { bold: true, size: 15 })
    .text(36, 49, 'Level 2, 40 Harbour Street, Sydney NSW 2000  ·  Ph (02) 9555 0100', { size: 8 })
    .row(72, [
      [36, 'Patient: CARTER, BEN'],
      [330, 'Collected: 14/11/2026 08:45'],
    ])
    .row(84, [
      [36, 'DOB: 02/07/1979   Sex: M'],
      [330, 'Lab ref: 26-3187'],
    ])
    .row(96, [
      [36, 'Requested by: Dr A Nguyen'],
      [330, 'Reported: 15/11/2026 06:10'],
    ]);
  const source = { date: '2026-11-14', lab: LAB };
  const pending: PendingExpected[] = [];
  let y = 120;
  for (const [title, rows] of [
    ['BIOCHEMISTRY', BIOCHEMISTRY],
    ['HAEMATOLOGY', HAEMATOLOGY],
  ] as const) {
    y = sectionHeader(pdf, y, title);
    for (const [name, results, unit, range, expect] of rows) {
      drawCells(pdf, y, COLUMNS, [name, ...results, unit, range], { size: 8 });
      pending.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
      y += 12;
    }
    y += 16;
  }
  pdf.text(36, 790, `${LAB} · NATA accredited laboratory 1234 · Page 1 of 1`, { size: 7 });
  return {
    name: 'Cumulative report, Australian practice (Ben)',
    pageSize: A4,
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Ben Carter',
    date: '2026-11-14',
    pages: 1,
    expected: settle(pending),
  };
}

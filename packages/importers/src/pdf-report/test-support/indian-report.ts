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
 * An Indian diagnostics chain's report, two pages in the two ways such labs print: a wellness profile
 * (Thyrocare's way: TEST NAME | TECHNOLOGY | VALUE | UNITS | REFERENCE RANGE, capitals), then a blood count
 * (Lal PathLabs' and SRL's way: Test Name | Results | Unit | Bio. Ref. Interval, a "Methodology:" line under
 * each test, a flag printed before the value). Ranges "60-200", "< 200", "Upto 40", "1,50,000 - 4,10,000".
 */
const PROFILE: readonly DrawnColumn[] = [{ x: 36 }, { x: 250 }, { x: 340 }, { x: 400 }, { x: 470 }];
const BLOOD_COUNT: readonly DrawnColumn[] = [{ x: 36 }, { x: 300 }, { x: 370 }, { x: 460 }];

type ProfileRow = readonly [
  name: string,
  technology: string,
  value: string,
  unit: string,
  range: string,
  expect: Expect,
];
type CountRow = readonly [
  name: string,
  result: string,
  unit: string,
  range: string,
  method: string,
  expect: Expect,
];

const mgdl = 'mg/dL';

export const ADA_PROFILE: readonly ProfileRow[] = [
  [
    'TOTAL TRIIODOTHYRONINE (T3)',
    'C.L.I.A',
    '112',
    'ng/dL',
    '60-200',
    num('custom', 112, 'ng/dL', between(60, 200)),
  ],
  [
    'TOTAL THYROXINE (T4)',
    'C.L.I.A',
    '8.9',
    'µg/dL',
    '4.5-12',
    num('custom', 8.9, 'µg/dL', between(4.5, 12)),
  ],
  [
    'THYROID STIMULATING HORMONE (TSH)',
    'C.L.I.A',
    '6.19',
    'µIU/mL',
    '0.3-5.5',
    num('thyroid_stimulating_hormone', 6.19, 'µIU/mL', between(0.3, 5.5), 'high'),
  ],
  ['HbA1c', 'H.P.L.C', '6.1', '%', '< 5.7', num('hemoglobin_a1c', 6.1, '%', below(5.7, '< 5.7'), 'high')],
  [
    'AVERAGE BLOOD GLUCOSE (ABG)',
    'CALCULATED',
    '128',
    mgdl,
    '90-120',
    num('custom', 128, mgdl, between(90, 120), 'high'),
  ],
  [
    'FASTING BLOOD SUGAR(GLUCOSE)',
    'HEXOKINASE',
    '98.2',
    mgdl,
    '70-100',
    num('blood_glucose', 98.2, mgdl, between(70, 100)),
  ],
  [
    'TOTAL CHOLESTEROL',
    'PHOTOMETRY',
    '224',
    mgdl,
    '< 200',
    num('total_cholesterol', 224, mgdl, below(200, '< 200'), 'high'),
  ],
  [
    'HDL CHOLESTEROL - DIRECT',
    'PHOTOMETRY',
    '35',
    mgdl,
    '40-60',
    num('hdl_cholesterol', 35, mgdl, between(40, 60), 'low'),
  ],
  [
    'LDL CHOLESTEROL - DIRECT',
    'PHOTOMETRY',
    '151',
    mgdl,
    '< 100',
    num('ldl_cholesterol', 151, mgdl, below(100, '< 100'), 'high'),
  ],
  [
    'TRIGLYCERIDES',
    'PHOTOMETRY',
    '190',
    mgdl,
    '< 150',
    num('triglycerides', 190, mgdl, below(150, '< 150'), 'high'),
  ],
  [
    'VITAMIN B-12',
    'C.L.I.A',
    '182',
    'pg/mL',
    '211-911',
    num('vitamin_b12', 182, 'pg/mL', between(211, 911), 'low'),
  ],
  [
    '25-OH VITAMIN D (TOTAL)',
    'C.L.I.A',
    '14.2',
    'ng/mL',
    '30-100',
    num('vitamin_d', 14.2, 'ng/mL', between(30, 100), 'low'),
  ],
  ['IRON', 'PHOTOMETRY', '54', 'µg/dL', '65-175', num('iron', 54, 'µg/dL', between(65, 175), 'low')],
  [
    'ALANINE TRANSAMINASE (SGPT)',
    'PHOTOMETRY',
    '38',
    'U/L',
    'Upto 40',
    num('alt', 38, 'U/L', below(40, 'Upto 40')),
  ],
];

export const ADA_BLOOD_COUNT: readonly CountRow[] = [
  [
    'HAEMOGLOBIN (Hb)',
    '11.3',
    'g/dL',
    '12.0-15.0',
    'Colorimetric',
    num('hemoglobin', 11.3, 'g/dL', between(12, 15), 'low'),
  ],
  [
    'RED BLOOD CELLS- RBC COUNT',
    '4.17',
    'millions/mm³',
    '3.8 - 4.8',
    'Electric impedance',
    num('custom', 4.17, 'millions/mm³', between(3.8, 4.8)),
  ],
  [
    'PACKED CELL VOLUME (PCV)',
    '36.2',
    '%',
    '36.0-46.0',
    'Pulse height detection',
    num('custom', 36.2, '%', between(36, 46)),
  ],
  ['MCV', '86.8', 'fL', '83-101', 'Calculated', num('custom', 86.8, 'fL', between(83, 101))],
  [
    'TOTAL LEUKOCYTE COUNT (TLC)',
    '11.8',
    '10^3/µL',
    '4.00-10.0',
    'Electric impedance',
    num('custom', 11.8, '10^3/µL', between(4, 10), 'high'),
  ],
  [
    'PLATELET COUNT',
    '1,45,000',
    '/cumm',
    '1,50,000 - 4,10,000',
    'Electric impedance',
    num('custom', 145000, '/cumm', between(150000, 410000), 'low', '1,45,000'),
  ],
  [
    'ERYTHROCYTE SEDIMENTATION RATE (ESR)',
    '28',
    'mm/hr',
    '0 - 20',
    'Westergren',
    num('custom', 28, 'mm/hr', between(0, 20), 'high'),
  ],
  ['URIC ACID', 'H 7.9', mgdl, '2.6-6.0', 'Uricase', num('custom', 7.9, mgdl, between(2.6, 6), 'high')],
  [
    'CREATININE, SERUM',
    '0.72',
    mgdl,
    '0.51-0.95',
    'Jaffe, kinetic',
    num('creatinine', 0.72, mgdl, between(0.51, 0.95)),
  ],
  [
    'eGFR (CKD-EPI)',
    '104',
    'mL/min/1.73m²',
    '>= 90',
    'Calculated',
    num('egfr', 104, 'mL/min/1.73m²', above(90, '>= 90')),
  ],
];

const LAB = 'Arogya Diagnostics Pvt. Ltd.';

function banner(pdf: PdfBuilder): void {
  pdf
    .text(36, 28, LAB, { bold: true, size: 15 })
    .text(36, 47, 'NABL accredited · Plot 12, MIDC Andheri East, Mumbai 400093', { size: 7 })
    .row(66, [
      [36, 'NAME : MS. ADA EXAMPLE'],
      [320, 'Sample Collected on (SCT) : 14 Nov 2026 08:30'],
    ])
    .row(78, [
      [36, 'AGE/SEX : 36 Y / F'],
      [320, 'Sample Received on (SRT) : 14 Nov 2026 14:20'],
    ])
    .row(90, [
      [36, 'REF. BY : SELF'],
      [320, 'Report Released on (RRT) : 15 Nov 2026 10:05'],
    ]);
  pdf.rule(102);
}

/** Two pages: the profile table, then the blood count with its methodology lines. */
export async function indianReport(): Promise<Fixture> {
  const pdf = new PdfBuilder();
  const source = { date: '2026-11-14', lab: LAB };
  const pending: PendingExpected[] = [];
  banner(pdf);
  drawCells(pdf, 112, PROFILE, ['TEST NAME', 'TECHNOLOGY', 'VALUE', 'UNITS', 'REFERENCE RANGE'], {
    bold: true,
    size: 8,
  });
  let y = 130;
  for (const [name, technology, value, unit, range, expect] of ADA_PROFILE) {
    drawCells(pdf, y, PROFILE, [name, technology, value, unit, range], { size: 8 });
    pending.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
    y += 16;
  }
  pdf.text(36, y + 12, 'Please correlate with clinical conditions.', { size: 7 });

  pdf.addPage();
  banner(pdf);
  pdf.text(250, 110, 'HAEMATOLOGY', { bold: true, size: 10 });
  drawCells(pdf, 128, BLOOD_COUNT, ['Test Name', 'Results', 'Unit', 'Bio. Ref. Interval'], {
    bold: true,
    size: 8,
  });
  pdf.text(36, 144, 'COMPLETE BLOOD COUNT (CBC)', { bold: true, size: 8 });
  y = 158;
  for (const [name, result, unit, range, method, expect] of ADA_BLOOD_COUNT) {
    drawCells(pdf, y, BLOOD_COUNT, [name, result, unit, range], { size: 8 });
    pending.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
    pdf.text(36, y + 10, `Methodology: ${method}`, { size: 6 });
    y += 24;
  }
  pdf.text(200, y + 10, '*** End Of Report ***', { size: 8 });
  pdf.eachPage((page, pages) => pdf.text(500, 770, `Page ${page} of ${pages}`, { size: 7 }));
  return {
    name: 'Indian diagnostics chain, two layouts (Ada)',
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Ada Example',
    date: '2026-11-14',
    pages: 2,
    expected: settle(pending),
  };
}

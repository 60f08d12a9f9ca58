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
 * A German laboratory's findings (Laborbefund) on A4: Untersuchung | Ergebnis | Einheit | Referenzbereich |
 * Vorwert; decimal commas, SI and German units ("G/l", "T/l", "mmol/l", "ml/min/1,73 m²"), ranges "3,5 - 5,1",
 * "< 200", "> 40"; "+" and "-" after a value out of range, most values printed without a mark; the
 * collection day as "14.11.2026". The last column is the previous finding, never the result.
 */
const COLUMNS: readonly DrawnColumn[] = [
  { x: 40 },
  { x: 200 },
  { x: 262 },
  { x: 340 },
  { x: 450, width: 44, align: 'right' },
];

type Row = readonly [
  name: string,
  result: string,
  unit: string,
  range: string,
  previous: string,
  expect: Expect,
];

const mmol = 'mmol/l';
const mgdl = 'mg/dl';

export const BEN_BEFUND: readonly { panel: string; rows: readonly Row[] }[] = [
  {
    panel: 'Klinische Chemie',
    rows: [
      ['Natrium', '141', mmol, '136 - 145', '139', num('sodium', 141, mmol, between(136, 145))],
      [
        'Kalium',
        '5,6 +',
        mmol,
        '3,5 - 5,1',
        '4,8',
        num('potassium', 5.6, mmol, between(3.5, 5.1), 'high', '5,6'),
      ],
      [
        'Calcium',
        '2,31',
        mmol,
        '2,15 - 2,55',
        '2,40',
        num('calcium', 2.31, mmol, between(2.15, 2.55), null, '2,31'),
      ],
      [
        'Kreatinin',
        '1,18',
        mgdl,
        '0,70 - 1,20',
        '1,05',
        num('creatinine', 1.18, mgdl, between(0.7, 1.2), null, '1,18'),
      ],
      [
        'eGFR (CKD-EPI)',
        '68',
        'ml/min/1,73 m²',
        '> 60',
        '79',
        num('egfr', 68, 'ml/min/1,73 m²', above(60, '> 60')),
      ],
      ['Harnstoff', '38', mgdl, '17 - 43', '35', num('custom', 38, mgdl, between(17, 43))],
      [
        'Harnsäure',
        '7,4 +',
        mgdl,
        '3,4 - 7,0',
        '6,9',
        num('custom', 7.4, mgdl, between(3.4, 7), 'high', '7,4'),
      ],
      [
        'Glukose nüchtern',
        '112',
        mgdl,
        '70 - 99',
        '104',
        num('blood_glucose', 112, mgdl, between(70, 99), 'high'),
      ],
      [
        'HbA1c',
        '6,4',
        '%',
        '4,0 - 6,0',
        '6,1',
        num('hemoglobin_a1c', 6.4, '%', between(4, 6), 'high', '6,4'),
      ],
      [
        'HbA1c (IFCC)',
        '46',
        'mmol/mol',
        '20 - 42',
        '43',
        num('hemoglobin_a1c', 46, 'mmol/mol', between(20, 42), 'high'),
      ],
      [
        'Cholesterin gesamt',
        '231',
        mgdl,
        '< 200',
        '224',
        num('total_cholesterol', 231, mgdl, below(200, '< 200'), 'high'),
      ],
      [
        'HDL-Cholesterin',
        '38 -',
        mgdl,
        '> 40',
        '41',
        num('hdl_cholesterol', 38, mgdl, above(40, '> 40'), 'low'),
      ],
      [
        'LDL-Cholesterin',
        '162',
        mgdl,
        '< 116',
        '150',
        num('ldl_cholesterol', 162, mgdl, below(116, '< 116'), 'high'),
      ],
      [
        'Triglyceride',
        '150',
        mgdl,
        '< 150',
        '170',
        num('triglycerides', 150, mgdl, below(150, '< 150'), 'high'),
      ],
      ['GOT (ASAT)', '24', 'U/l', '< 50', '22', num('ast', 24, 'U/l', below(50, '< 50'))],
      ['GPT (ALAT)', '61 +', 'U/l', '< 50', '48', num('alt', 61, 'U/l', below(50, '< 50'), 'high')],
      ['Gamma-GT', '45', 'U/l', '< 60', '39', num('custom', 45, 'U/l', below(60, '< 60'))],
      [
        'Bilirubin gesamt',
        '0,8',
        mgdl,
        '< 1,2',
        '0,7',
        num('bilirubin_total', 0.8, mgdl, below(1.2, '< 1,2'), null, '0,8'),
      ],
      ['Gesamteiweiß', '72', 'g/l', '64 - 83', '70', num('protein_total', 72, 'g/l', between(64, 83))],
      [
        'Albumin',
        '45,1',
        'g/l',
        '35,0 - 52,0',
        '44,0',
        num('albumin', 45.1, 'g/l', between(35, 52), null, '45,1'),
      ],
      ['CRP', '< 0,6', 'mg/l', '< 5,0', '1,2', num('custom', 0.6, 'mg/l', below(5, '< 5,0'), null, '< 0,6')],
    ],
  },
  {
    panel: 'Hämatologie',
    rows: [
      [
        'Leukozyten',
        '11,2 +',
        'G/l',
        '3,9 - 10,2',
        '7,8',
        num('custom', 11.2, 'G/l', between(3.9, 10.2), 'high', '11,2'),
      ],
      [
        'Erythrozyten',
        '4,52',
        'T/l',
        '4,30 - 5,75',
        '4,61',
        num('custom', 4.52, 'T/l', between(4.3, 5.75), null, '4,52'),
      ],
      [
        'Hämoglobin',
        '13,9',
        'g/dl',
        '13,5 - 17,2',
        '14,3',
        num('hemoglobin', 13.9, 'g/dl', between(13.5, 17.2), null, '13,9'),
      ],
      ['Hämatokrit', '41', '%', '40 - 52', '42', num('custom', 41, '%', between(40, 52))],
      ['MCV', '91', 'fl', '80 - 99', '90', num('custom', 91, 'fl', between(80, 99))],
      [
        'Thrombozyten',
        '138 -',
        'G/l',
        '150 - 370',
        '162',
        num('custom', 138, 'G/l', between(150, 370), 'low'),
      ],
    ],
  },
  {
    panel: 'Schilddrüse und Vitamine',
    rows: [
      [
        'TSH basal',
        '2,86',
        'mU/l',
        '0,27 - 4,20',
        '3,10',
        num('thyroid_stimulating_hormone', 2.86, 'mU/l', between(0.27, 4.2), null, '2,86'),
      ],
      [
        'fT4',
        '1,12',
        'ng/dl',
        '0,93 - 1,70',
        '1,20',
        num('t4_free', 1.12, 'ng/dl', between(0.93, 1.7), null, '1,12'),
      ],
      [
        '25-OH-Vitamin D',
        '18,4',
        'ng/ml',
        '30,0 - 100,0',
        '22,9',
        num('vitamin_d', 18.4, 'ng/ml', between(30, 100), 'low', '18,4'),
      ],
      [
        'Vitamin B12',
        '312',
        'pg/ml',
        '197 - 771',
        '356',
        num('vitamin_b12', 312, 'pg/ml', between(197, 771)),
      ],
      ['Ferritin', '245', 'µg/l', '30 - 400', '231', num('custom', 245, 'µg/l', between(30, 400))],
    ],
  },
];

const LAB = 'Labor Dr. Weber & Kollegen';

/** One A4 page (or more, when `bottom` is low): letterhead, patient and specimen, the findings, sign-off. */
export async function germanReport(): Promise<Fixture> {
  const pdf = new PdfBuilder({ size: A4 });
  pdf
    .text(40, 30, LAB, { bold: true, size: 14 })
    .text(40, 48, 'MVZ für Laboratoriumsmedizin · Hauptstraße 12 · 10115 Berlin', { size: 8 })
    .row(72, [
      [40, 'Patient: Carter, Ben'],
      [330, 'Entnahme: 14.11.2026 07:40'],
    ])
    .row(84, [
      [40, 'Geb.-Datum: 02.07.1979'],
      [330, 'Eingang: 14.11.2026 10:15'],
    ])
    .row(96, [
      [40, 'Einsender: Praxis Dr. Schulz'],
      [330, 'Auftragsnummer: 2611140342'],
    ]);
  drawCells(pdf, 120, COLUMNS, ['Untersuchung', 'Ergebnis', 'Einheit', 'Referenzbereich', 'Vorwert'], {
    bold: true,
    size: 8,
  });
  pdf.rule(131, 40, 555);
  const source = { date: '2026-11-14', lab: LAB };
  const pending: PendingExpected[] = [];
  let y = 138;
  for (const { panel, rows } of BEN_BEFUND) {
    pdf.text(40, y, panel, { bold: true, size: 9 });
    y += 13;
    for (const [name, result, unit, range, previous, expect] of rows) {
      drawCells(pdf, y, COLUMNS, [name, result, unit, range, previous], { size: 8 });
      pending.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
      y += 11.5;
    }
    y += 8;
  }
  pdf.text(40, y + 10, 'Befund freigegeben: Dr. med. A. Weber, Fachärztin für Laboratoriumsmedizin', {
    size: 7,
  });
  pdf.text(40, 800, `${LAB} · Seite 1 von 1`, { size: 7 });
  return {
    name: 'German Laborbefund (Ben)',
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

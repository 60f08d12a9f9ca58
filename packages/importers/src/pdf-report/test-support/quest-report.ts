// Over 300 lines: a test fixture, mostly data: the Quest report's tests and what each should read as.
import { settle, type Fixture, type PendingExpected, type PrintedTest } from './expected';
import { PdfBuilder } from './pdf-builder';
import { TableWriter } from './table-writer';

/** Columns of Quest's results table (Test Name | In Range | Out Of Range | Reference Range | Lab). */
const COL = { name: 36, test: 48, inRange: 250, outRange: 320, range: 405, lab: 548 };
const mgdl = 'mg/dL';
const t = (
  name: string,
  result: string,
  range: string,
  expect: PrintedTest['expect'],
  comment?: readonly string[],
): PrintedTest => ({ name, result, range, expect, ...(comment ? { comment } : {}) });

/** Chen's annual labs at Quest: a lipid panel, HbA1c, a CMP, CBC, vitamins, thyroid, and tests the catalogue lacks. */
export const CHEN_QUEST: readonly { panel?: string; tests: readonly PrintedTest[] }[] = [
  {
    panel: 'LIPID PANEL, STANDARD',
    tests: [
      t('CHOLESTEROL, TOTAL', '185', '<200 mg/dL', {
        kind: 'total_cholesterol',
        value: 185,
        valueText: '185',
        unit: mgdl,
        referenceRange: { high: 200, text: '<200' },
        flag: null,
      }),
      t('HDL CHOLESTEROL', '38 L', '> OR = 40 mg/dL', {
        kind: 'hdl_cholesterol',
        value: 38,
        valueText: '38',
        unit: mgdl,
        referenceRange: { low: 40, text: '> OR = 40' },
        flag: 'low',
      }),
      t('TRIGLYCERIDES', '140', '<150 mg/dL', {
        kind: 'triglycerides',
        value: 140,
        valueText: '140',
        unit: mgdl,
        referenceRange: { high: 150, text: '<150' },
        flag: null,
      }),
      t(
        'LDL-CHOLESTEROL',
        '131 H',
        'mg/dL (calc)',
        {
          kind: 'ldl_cholesterol',
          value: 131,
          valueText: '131',
          unit: mgdl,
          referenceRange: null,
          flag: 'high',
        },
        [
          'Reference range: <100',
          'Desirable range <100 mg/dL for primary prevention;',
          '<70 mg/dL for patients with CHD or diabetic patients',
        ],
      ),
      t('CHOL/HDLC RATIO', '4.9', '<5.0 (calc)', {
        kind: 'custom',
        value: 4.9,
        valueText: '4.9',
        unit: null,
        referenceRange: { high: 5, text: '<5.0' },
        flag: null,
      }),
      t('NON HDL CHOLESTEROL', '147 H', '<130 mg/dL (calc)', {
        kind: 'custom',
        value: 147,
        valueText: '147',
        unit: mgdl,
        referenceRange: { high: 130, text: '<130' },
        flag: 'high',
      }),
    ],
  },
  {
    tests: [
      t(
        'HEMOGLOBIN A1c',
        '5.9 H',
        '<5.7 % of total Hgb',
        {
          kind: 'hemoglobin_a1c',
          value: 5.9,
          valueText: '5.9',
          unit: '%',
          referenceRange: { high: 5.7, text: '<5.7' },
          flag: 'high',
        },
        [
          'For someone without known diabetes, a hemoglobin A1c',
          'value between 5.7% and 6.4% is consistent with prediabetes.',
        ],
      ),
    ],
  },
  {
    panel: 'COMPREHENSIVE METABOLIC PANEL',
    tests: [
      t('GLUCOSE', '105 H', '65-99 mg/dL', {
        kind: 'blood_glucose',
        value: 105,
        valueText: '105',
        unit: mgdl,
        referenceRange: { low: 65, high: 99 },
        flag: 'high',
      }),
      t('UREA NITROGEN (BUN)', '15', '7-25 mg/dL', {
        kind: 'urea_nitrogen',
        value: 15,
        valueText: '15',
        unit: mgdl,
        referenceRange: { low: 7, high: 25 },
        flag: null,
      }),
      t('CREATININE', '0.88', '0.50-1.03 mg/dL', {
        kind: 'creatinine',
        value: 0.88,
        valueText: '0.88',
        unit: mgdl,
        referenceRange: { low: 0.5, high: 1.03 },
        flag: null,
      }),
      t('EGFR', '88', '> OR = 60 mL/min/1.73m2', {
        kind: 'egfr',
        value: 88,
        valueText: '88',
        unit: 'mL/min/1.73m2',
        referenceRange: { low: 60, text: '> OR = 60' },
        flag: null,
      }),
      t('BUN/CREATININE RATIO', 'NOT APPLICABLE', '6-22 (calc)', {
        kind: 'custom',
        value: null,
        valueText: 'NOT APPLICABLE',
        unit: null,
        referenceRange: { low: 6, high: 22 },
        flag: null,
      }),
      t('SODIUM', '140', '135-146 mmol/L', num('sodium', 140, 'mmol/L', 135, 146)),
      t('POTASSIUM', '5.4 H', '3.5-5.3 mmol/L', {
        ...num('potassium', 5.4, 'mmol/L', 3.5, 5.3),
        flag: 'high',
      }),
      t('CHLORIDE', '103', '98-110 mmol/L', num('chloride', 103, 'mmol/L', 98, 110)),
      t('CARBON DIOXIDE', '24', '20-32 mmol/L', num('carbon_dioxide', 24, 'mmol/L', 20, 32)),
      t('CALCIUM', '9.6', '8.6-10.4 mg/dL', num('calcium', 9.6, mgdl, 8.6, 10.4)),
      t('PROTEIN, TOTAL', '7.1', '6.1-8.1 g/dL', num('protein_total', 7.1, 'g/dL', 6.1, 8.1)),
      t('ALBUMIN', '4.5', '3.6-5.1 g/dL', num('albumin', 4.5, 'g/dL', 3.6, 5.1)),
      t('GLOBULIN', '2.6', '1.9-3.7 g/dL (calc)', num('globulin_total', 2.6, 'g/dL', 1.9, 3.7)),
      t('ALBUMIN/GLOBULIN RATIO', '1.7', '1.0-2.5 (calc)', {
        kind: 'custom',
        value: 1.7,
        valueText: '1.7',
        unit: null,
        referenceRange: { low: 1, high: 2.5 },
        flag: null,
      }),
      t('BILIRUBIN, TOTAL', '0.6', '0.2-1.2 mg/dL', num('bilirubin_total', 0.6, mgdl, 0.2, 1.2)),
      t('ALKALINE PHOSPHATASE', '62', '37-153 U/L', num('alkaline_phosphatase', 62, 'U/L', 37, 153)),
      t('AST', '21', '10-35 U/L', num('ast', 21, 'U/L', 10, 35)),
      t('ALT', '19', '6-29 U/L', num('alt', 19, 'U/L', 6, 29)),
    ],
  },
  {
    panel: 'CBC (INCLUDES DIFF/PLT)',
    tests: [
      t(
        'WHITE BLOOD CELL COUNT',
        '6.1',
        '3.8-10.8 Thousand/uL',
        num('custom', 6.1, 'Thousand/uL', 3.8, 10.8),
      ),
      t('HEMOGLOBIN', '13.1', '11.7-15.5 g/dL', num('hemoglobin', 13.1, 'g/dL', 11.7, 15.5)),
      t('PLATELET COUNT', '250', '140-400 Thousand/uL', num('custom', 250, 'Thousand/uL', 140, 400)),
    ],
  },
  {
    tests: [
      t('VITAMIN D,25-OH,TOTAL,IA', '27 L', '30-100 ng/mL', {
        ...num('vitamin_d', 27, 'ng/mL', 30, 100),
        flag: 'low',
      }),
      t('VITAMIN B12', '512', '200-1100 pg/mL', num('vitamin_b12', 512, 'pg/mL', 200, 1100)),
      t('IRON, TOTAL', '88', '45-160 mcg/dL', num('iron', 88, 'mcg/dL', 45, 160)),
      t('TSH', '2.10', '0.40-4.50 mIU/L', {
        ...num('thyroid_stimulating_hormone', 2.1, 'mIU/L', 0.4, 4.5),
        valueText: '2.10',
      }),
      t('T4, FREE', '1.2', '0.8-1.8 ng/dL', num('t4_free', 1.2, 'ng/dL', 0.8, 1.8)),
      t('LIPASE', '32', '7-60 U/L', num('custom', 32, 'U/L', 7, 60)),
      t('HS CRP', '<0.5', '<1.0 mg/L', {
        kind: 'custom',
        value: 0.5,
        valueText: '<0.5',
        unit: 'mg/L',
        referenceRange: { high: 1, text: '<1.0' },
        flag: null,
      }),
      t('HIV 1/2 AG/AB, 4TH GEN', 'NON-REACTIVE', 'NON-REACTIVE', {
        kind: 'custom',
        value: null,
        valueText: 'NON-REACTIVE',
        unit: null,
        referenceRange: { text: 'NON-REACTIVE' },
        flag: null,
      }),
    ],
  },
];

function num(kind: string, value: number, unit: string, low: number, high: number): PrintedTest['expect'] {
  return { kind, value, valueText: String(value), unit, referenceRange: { low, high }, flag: null };
}

const PATIENT = 'CHEN, MEI';
const SPECIMEN = 'WX123456A';

function banner(pdf: PdfBuilder): void {
  pdf
    .text(36, 30, 'Quest Diagnostics', { bold: true, size: 16 })
    .text(450, 34, 'Patient Report', { bold: true, size: 11 });
}

function tableHeader(pdf: PdfBuilder, y: number): void {
  pdf.row(
    y,
    [
      [COL.name, 'Test Name'],
      [COL.inRange, 'In Range'],
      [COL.outRange, 'Out Of Range'],
      [COL.range, 'Reference Range'],
      [COL.lab, 'Lab'],
    ],
    { bold: true },
  );
  pdf.rule(y + 12);
}

/** Quest's patient report layout: banner, patient/specimen/client blocks, the results table, footers. */
export async function questReport(
  panels: typeof CHEN_QUEST = CHEN_QUEST,
  options: { bottom?: number } = {},
): Promise<Fixture> {
  const pdf = new PdfBuilder();
  banner(pdf);
  pdf
    .row(
      60,
      [
        [36, 'Patient Information'],
        [230, 'Specimen Information'],
        [420, 'Client Information'],
      ],
      { bold: true },
    )
    .row(74, [
      [36, PATIENT],
      [230, `Specimen: ${SPECIMEN}`],
      [420, 'Client #: 97512345'],
    ])
    .row(86, [
      [36, 'DOB: 03/14/1985   AGE: 41'],
      [230, 'Requisition: 0004567'],
      [420, 'WELBY, MARCUS'],
    ])
    .row(98, [
      [36, 'Gender: F'],
      [230, 'Collected: 11/14/2026 / 08:30 EST'],
    ])
    .row(110, [
      [36, 'Patient ID: 000123'],
      [230, 'Received: 11/14/2026 / 14:12 EST'],
    ])
    .row(122, [[230, 'Reported: 11/16/2026 / 06:05 EST']])
    .text(36, 140, 'COMMENTS: FASTING: YES');
  tableHeader(pdf, 160);

  const writer = new TableWriter(
    pdf,
    {
      bottom: options.bottom ?? 715,
      step: 13,
      continuePage: (p) => {
        banner(p);
        p.row(56, [
          [36, `Patient: ${PATIENT}`],
          [230, `Specimen: ${SPECIMEN}`],
        ]);
        tableHeader(p, 80);
        return 100;
      },
    },
    180,
  );
  const pending: PendingExpected[] = [];
  for (const { panel, tests } of panels) {
    if (panel) pdf.text(COL.name, writer.next(2), panel, { bold: true });
    for (const test of tests) {
      const y = writer.next();
      const flagged = test.expect.flag !== null;
      pdf.row(y, [
        [panel ? COL.test : COL.name, test.name],
        [flagged ? COL.outRange : COL.inRange, test.result],
        [COL.range, test.range ?? ''],
        [COL.lab, 'EN'],
      ]);
      pending.push({
        ...test.expect,
        name: test.expect.name ?? test.name,
        date: '2026-11-14',
        lab: 'Quest Diagnostics',
        page: pdf.page,
        line: pdf.lineAt(y),
        top: y,
      });
      for (const comment of test.comment ?? []) pdf.text(COL.test + 12, writer.next(), comment, { size: 7 });
    }
    writer.gap(4);
  }
  pdf.eachPage((page, pages) => {
    pdf.row(752, [
      [36, `${PATIENT} - ${SPECIMEN}`],
      [500, `Page ${page} of ${pages}`],
    ]);
    pdf.text(36, 764, 'CLIENT SERVICES: 866.697.8378', { size: 7 });
  });
  return {
    name: 'Quest (Chen, 2 pages)',
    pdf: await pdf.toBuffer(),
    source: 'quest_diagnostics',
    lab: 'Quest Diagnostics',
    patientName: 'Mei Chen',
    date: '2026-11-14',
    pages: pdf.page,
    expected: settle(pending),
  };
}

import { settle, type Fixture, type PendingExpected, type PrintedTest } from './expected';
import { PdfBuilder } from './pdf-builder';

/** Test | Result | Flag | Units | Reference Range | LOINC: a community lab's own layout. */
const COL = { name: 40, value: 220, flag: 290, units: 330, range: 420, loinc: 515 };

type GenericTest = PrintedTest & { loinc?: string };

const t = (
  name: string,
  result: string,
  flag: string,
  unit: string,
  range: string,
  loinc: string,
  expect: PrintedTest['expect'],
): GenericTest => ({ name, result, flagColumn: flag, unit, range, loinc, expect });

/** Ada's labs at a community lab: flags of every kind, values beyond the assay, words, LOINC codes. */
export const ADA_GENERIC: readonly GenericTest[] = [
  t('Glucose, Fasting', '54', 'LL', 'mg/dL', '70-99', '1558-6', {
    kind: 'blood_glucose',
    value: 54,
    valueText: '54',
    unit: 'mg/dL',
    referenceRange: { low: 70, high: 99 },
    flag: 'critical_low',
  }),
  t('Hemoglobin A1c', '5.5', '', '%', '≤5.6', '4548-4', {
    kind: 'hemoglobin_a1c',
    value: 5.5,
    valueText: '5.5',
    unit: '%',
    referenceRange: { high: 5.6, text: '≤5.6' },
    flag: null,
  }),
  t('Potassium', '6.9', 'HH', 'mmol/L', '3.5-5.1', '2823-3', {
    kind: 'potassium',
    value: 6.9,
    valueText: '6.9',
    unit: 'mmol/L',
    referenceRange: { low: 3.5, high: 5.1 },
    flag: 'critical_high',
  }),
  t('Triglycerides', '>1000', 'H', 'mg/dL', '<150', '2571-8', {
    kind: 'triglycerides',
    value: 1000,
    valueText: '>1000',
    unit: 'mg/dL',
    referenceRange: { high: 150, text: '<150' },
    flag: 'high',
  }),
  t('eGFR', '>90', '', 'mL/min/1.73m2', '>=60', '', {
    kind: 'egfr',
    value: 90,
    valueText: '>90',
    unit: 'mL/min/1.73m2',
    referenceRange: { low: 60, text: '>=60' },
    flag: null,
  }),
  t('Ferritin', '18', 'L', 'ng/mL', '30-400', '2276-4', {
    kind: 'custom',
    value: 18,
    valueText: '18',
    unit: 'ng/mL',
    referenceRange: { low: 30, high: 400 },
    flag: 'low',
  }),
  t('CRP, high sensitivity', '<0.5', '', 'mg/L', '0.0-3.0', '', {
    kind: 'custom',
    value: 0.5,
    valueText: '<0.5',
    unit: 'mg/L',
    referenceRange: { low: 0, high: 3 },
    flag: null,
  }),
  t('Urine Protein', 'NEGATIVE', '', '', 'Negative', '', {
    kind: 'custom',
    value: null,
    valueText: 'NEGATIVE',
    unit: null,
    referenceRange: { text: 'Negative' },
    flag: null,
  }),
  t('Rheumatoid Factor', '18', 'A', 'IU/mL', 'See Note', '', {
    kind: 'custom',
    value: 18,
    valueText: '18',
    unit: 'IU/mL',
    referenceRange: { text: 'See Note' },
    flag: 'abnormal',
  }),
  t('Vitamin D, 25-OH', '22', 'L', 'ng/mL', '30-100', '', {
    kind: 'vitamin_d',
    value: 22,
    valueText: '22',
    unit: 'ng/mL',
    referenceRange: { low: 30, high: 100 },
    flag: 'low',
  }),
  t('Microalbumin/Creatinine Ratio', '12', '', 'mg/g', '<30', '', {
    kind: 'microalbumin_creatinine_ratio',
    value: 12,
    valueText: '12',
    unit: 'mg/g',
    referenceRange: { high: 30, text: '<30' },
    flag: null,
  }),
  t('Sed Rate', '12', '', 'mm/h', '0-20', '', {
    kind: 'custom',
    value: 12,
    valueText: '12',
    unit: 'mm/h',
    referenceRange: { low: 0, high: 20 },
    flag: null,
  }),
];

/** A community lab's one-page report: letterhead, labelled fields, one table with its own flag and unit columns. */
export async function genericReport(tests: readonly GenericTest[] = ADA_GENERIC): Promise<Fixture> {
  const pdf = new PdfBuilder();
  pdf
    .text(40, 36, 'Sunrise Community Laboratory', { bold: true, size: 14 })
    .text(40, 56, '1200 Harbor Road, Portland, OR 97201  ·  (503) 555-0142', { size: 8 })
    .row(80, [
      [40, 'Patient Name: Ada Example'],
      [320, 'Collection Date: 2026-10-03 07:45'],
    ])
    .row(92, [
      [40, 'DOB: 1990-05-17'],
      [320, 'Report Date: 2026-10-04'],
    ])
    .row(
      118,
      [
        [COL.name, 'Test'],
        [COL.value, 'Result'],
        [COL.flag, 'Flag'],
        [COL.units, 'Units'],
        [COL.range, 'Reference Range'],
        [COL.loinc, 'LOINC'],
      ],
      { bold: true },
    );
  const pending: PendingExpected[] = [];
  let y = 136;
  for (const test of tests) {
    pdf.row(y, [
      [COL.name, test.name],
      [COL.value, test.result],
      [COL.flag, test.flagColumn ?? ''],
      [COL.units, test.unit ?? ''],
      [COL.range, test.range ?? ''],
      [COL.loinc, test.loinc ?? ''],
    ]);
    pending.push({
      ...test.expect,
      name: test.expect.name ?? test.name,
      date: '2026-10-03',
      lab: 'Sunrise Community Laboratory',
      page: 1,
      line: pdf.lineAt(y),
      top: y,
    });
    y += 14;
  }
  pdf.text(40, y + 20, 'Flags: H high, L low, HH/LL critical, A abnormal.', { size: 7 });
  pdf.text(40, 760, '*** End of Report ***', { size: 8 });
  return {
    name: 'Generic lab (Ada, 1 page)',
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: 'Sunrise Community Laboratory',
    patientName: 'Ada Example',
    date: '2026-10-03',
    pages: 1,
    expected: settle(pending),
  };
}

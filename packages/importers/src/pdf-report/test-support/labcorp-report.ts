// Over 300 lines: a test fixture, mostly data: the Labcorp report's tests and what each should read as.
import { settle, type Fixture, type PendingExpected, type PrintedTest } from './expected';
import { PdfBuilder } from './pdf-builder';
import { TableWriter } from './table-writer';

/** Test | Current Result and Flag | Previous Result and Date | Units | Reference Interval. */
const COL = { name: 36, test: 46, value: 190, previous: 300, units: 410, range: 470 };
const mgdl = 'mg/dL';

type LabcorpTest = PrintedTest & { previous?: string };

const t = (
  name: string,
  result: string,
  unit: string,
  range: string,
  expect: PrintedTest['expect'],
  previous?: string,
): LabcorpTest => ({ name, result, unit, range, expect, ...(previous ? { previous } : {}) });

function num(
  kind: string,
  value: number,
  unit: string | null,
  low: number,
  high: number,
  flag: string | null = null,
) {
  return { kind, value, valueText: String(value), unit, referenceRange: { low, high }, flag };
}

/** Ben's Labcorp panels: type-1 diabetic, so HbA1c, lipids with the NIH LDL, kidney markers, and a critical potassium. */
export const BEN_LABCORP: readonly { panel: string; tests: readonly LabcorpTest[] }[] = [
  {
    panel: 'Comp. Metabolic Panel (14)',
    tests: [
      t(
        'Glucose',
        '241 High',
        mgdl,
        '70-99',
        num('blood_glucose', 241, mgdl, 70, 99, 'high'),
        '188 11/02/2025',
      ),
      t('BUN', '18', mgdl, '6-24', num('urea_nitrogen', 18, mgdl, 6, 24)),
      t(
        'Creatinine',
        '1.02',
        mgdl,
        '0.76-1.27',
        num('creatinine', 1.02, mgdl, 0.76, 1.27),
        '0.98 11/02/2025',
      ),
      t('eGFR', '91', 'mL/min/1.73', '>59', {
        kind: 'egfr',
        value: 91,
        valueText: '91',
        unit: 'mL/min/1.73',
        referenceRange: { low: 59, text: '>59' },
        flag: null,
      }),
      t('BUN/Creatinine Ratio', '18', '', '9-20', num('bun_creatinine_ratio', 18, null, 9, 20)),
      t('Sodium', '139', 'mmol/L', '134-144', num('sodium', 139, 'mmol/L', 134, 144)),
      t(
        'Potassium',
        '6.7 Critical',
        'mmol/L',
        '3.5-5.2',
        num('potassium', 6.7, 'mmol/L', 3.5, 5.2, 'critical_high'),
      ),
      t('Chloride', '101', 'mmol/L', '96-106', num('chloride', 101, 'mmol/L', 96, 106)),
      t('Carbon Dioxide, Total', '22', 'mmol/L', '20-29', num('carbon_dioxide', 22, 'mmol/L', 20, 29)),
      t('Calcium', '9.4', mgdl, '8.7-10.2', num('calcium', 9.4, mgdl, 8.7, 10.2)),
      t('Protein, Total', '7.0', 'g/dL', '6.0-8.5', {
        ...num('protein_total', 7, 'g/dL', 6, 8.5),
        valueText: '7.0',
      }),
      t('Albumin', '4.6', 'g/dL', '3.8-4.9', num('albumin', 4.6, 'g/dL', 3.8, 4.9)),
      t('Globulin, Total', '2.4', 'g/dL', '1.5-4.5', num('globulin_total', 2.4, 'g/dL', 1.5, 4.5)),
      t('Bilirubin, Total', '0.5', mgdl, '0.0-1.2', num('bilirubin_total', 0.5, mgdl, 0, 1.2)),
      t('Alkaline Phosphatase', '71', 'IU/L', '44-121', num('alkaline_phosphatase', 71, 'IU/L', 44, 121)),
      t('AST (SGOT)', '24', 'IU/L', '0-40', num('ast', 24, 'IU/L', 0, 40)),
      t('ALT (SGPT)', '31', 'IU/L', '0-44', num('alt', 31, 'IU/L', 0, 44)),
    ],
  },
  {
    panel: 'Lipid Panel',
    tests: [
      t(
        'Cholesterol, Total',
        '212 High',
        mgdl,
        '100-199',
        num('total_cholesterol', 212, mgdl, 100, 199, 'high'),
      ),
      t('Triglycerides', '160 High', mgdl, '0-149', num('triglycerides', 160, mgdl, 0, 149, 'high')),
      t('HDL Cholesterol', '44', mgdl, '>39', {
        kind: 'hdl_cholesterol',
        value: 44,
        valueText: '44',
        unit: mgdl,
        referenceRange: { low: 39, text: '>39' },
        flag: null,
      }),
      t('VLDL Cholesterol Cal', '29', mgdl, '5-40', num('vldl_cholesterol', 29, mgdl, 5, 40)),
      t('LDL Chol Calc (NIH)', '139 High', mgdl, '0-99', num('ldl_calculated_nih', 139, mgdl, 0, 99, 'high')),
    ],
  },
  {
    panel: 'Apolipoprotein B',
    tests: [
      t('Apolipoprotein B', '118 High', mgdl, '<90', {
        kind: 'apolipoprotein_b',
        value: 118,
        valueText: '118',
        unit: mgdl,
        referenceRange: { high: 90, text: '<90' },
        flag: 'high',
      }),
    ],
  },
  {
    panel: 'Hemoglobin A1c',
    tests: [
      t(
        'Hemoglobin A1c',
        '7.4 High',
        '%',
        '4.8-5.6',
        num('hemoglobin_a1c', 7.4, '%', 4.8, 5.6, 'high'),
        '7.1 08/02/2026',
      ),
    ],
  },
  {
    panel: 'Microalbumin / Creatinine Urine Ratio',
    tests: [
      t('Microalb/Creat Ratio', '42 High', 'mg/g creat', '0-29', {
        ...num('microalbumin_creatinine_ratio', 42, 'mg/g creat', 0, 29, 'high'),
      }),
    ],
  },
  {
    panel: 'Testosterone, PSA, Thyroid, Vitamins',
    tests: [
      t('Testosterone', '512', 'ng/dL', '264-916', num('testosterone_total', 512, 'ng/dL', 264, 916)),
      t('Prostate Specific Ag', '0.9', 'ng/mL', '0.0-4.0', num('psa', 0.9, 'ng/mL', 0, 4)),
      t('TSH', '1.870', 'uIU/mL', '0.450-4.500', {
        ...num('thyroid_stimulating_hormone', 1.87, 'uIU/mL', 0.45, 4.5),
        valueText: '1.870',
      }),
      t('T4,Free(Direct)', '1.21', 'ng/dL', '0.82-1.77', num('t4_free', 1.21, 'ng/dL', 0.82, 1.77)),
      t('Vitamin D, 25-Hydroxy', '34.5', 'ng/mL', '30.0-100.0', num('vitamin_d', 34.5, 'ng/mL', 30, 100)),
      t('Vitamin B12', '1,250 High', 'pg/mL', '232-1245', {
        ...num('vitamin_b12', 1250, 'pg/mL', 232, 1245, 'high'),
        valueText: '1,250',
      }),
      t('Iron', '96', 'ug/dL', '38-169', num('iron', 96, 'ug/dL', 38, 169)),
      t('Magnesium', '2.1', mgdl, '1.6-2.3', num('custom', 2.1, mgdl, 1.6, 2.3)),
    ],
  },
  {
    panel: 'CBC With Differential/Platelet',
    tests: [
      t('WBC', '6.3', 'x10E3/uL', '3.4-10.8', num('custom', 6.3, 'x10E3/uL', 3.4, 10.8)),
      t('Hemoglobin', '15.1', 'g/dL', '13.0-17.7', num('hemoglobin', 15.1, 'g/dL', 13, 17.7)),
      t('Hematocrit', '45.2', '%', '37.5-51.0', num('custom', 45.2, '%', 37.5, 51)),
      t('Platelets', '233', 'x10E3/uL', '150-450', num('custom', 233, 'x10E3/uL', 150, 450)),
    ],
  },
  {
    panel: 'Urinalysis and Serology',
    tests: [
      t('Glucose, Urine', 'Negative', '', 'Negative', {
        kind: 'custom',
        value: null,
        valueText: 'Negative',
        unit: null,
        referenceRange: { text: 'Negative' },
        flag: null,
      }),
      t('Hepatitis C Antibody', 'Non Reactive', '', 'Non Reactive', {
        kind: 'custom',
        value: null,
        valueText: 'Non Reactive',
        unit: null,
        referenceRange: { text: 'Non Reactive' },
        flag: null,
      }),
    ],
  },
];

const PATIENT = 'CARTER, BEN';

function header(pdf: PdfBuilder, y: number): void {
  pdf.row(
    y,
    [
      [COL.name, 'Test'],
      [COL.value, 'Current Result and Flag'],
      [COL.previous, 'Previous Result and Date'],
      [COL.units, 'Units'],
      [COL.range, 'Reference Interval'],
    ],
    { bold: true, size: 8 },
  );
  pdf.rule(y + 11);
}

/**
 * Labcorp's patient report: details blocks, "Ordered Items", then per panel a heading and its rows; a
 * panel cut by a page break continues under "<panel> (Cont.)". `bottom` forces page breaks.
 */
export async function labcorpReport(
  panels: typeof BEN_LABCORP = BEN_LABCORP,
  options: { bottom?: number } = {},
): Promise<Fixture> {
  const pdf = new PdfBuilder();
  pdf
    .text(36, 28, 'labcorp', { bold: true, size: 18 })
    .text(460, 32.3, 'Patient Report', { bold: true, size: 12 });
  pdf
    .row(
      56,
      [
        [36, 'Patient Details'],
        [220, 'Specimen Details'],
        [420, 'Physician Details'],
      ],
      { bold: true },
    )
    .row(70, [
      [36, PATIENT],
      [220, 'Specimen ID: 318-447-2211-0'],
      [420, 'Ordering: K HOUSE'],
    ])
    .row(82, [
      [36, 'DOB: 07/02/1979'],
      [220, 'Control ID: 11223344'],
      [420, 'NPI: 1234567890'],
    ])
    .row(94, [
      [36, 'Age(y/m/d): 047/04/12'],
      [220, 'Date collected: 11/14/2026 0915 Local'],
    ])
    .row(106, [
      [36, 'Sex: Male'],
      [220, 'Date received: 11/14/2026'],
    ])
    .row(118, [
      [36, 'Patient ID: 8843221'],
      [220, 'Date reported: 11/16/2026 0605 ET'],
    ])
    .text(
      36,
      138,
      'Ordered Items: Comp. Metabolic Panel (14); Lipid Panel; Apolipoprotein B; Hemoglobin A1c; CBC',
      {
        size: 8,
      },
    );
  header(pdf, 158);

  let panelName = '';
  const writer = new TableWriter(
    pdf,
    {
      bottom: options.bottom ?? 715,
      step: 13,
      continuePage: (p) => {
        p.row(30, [
          [36, PATIENT],
          [220, 'DOB: 07/02/1979'],
          [460, 'Patient Report'],
        ]);
        header(p, 52);
        p.text(COL.name, 72, `${panelName} (Cont.)`, { bold: true });
        return 85;
      },
    },
    176,
  );
  const pending: PendingExpected[] = [];
  for (const { panel, tests } of panels) {
    panelName = panel;
    pdf.text(COL.name, writer.next(2), panel, { bold: true });
    for (const test of tests) {
      const y = writer.next();
      pdf.row(y, [
        [COL.test, test.name],
        [COL.value, test.result],
        [COL.previous, test.previous ?? ''],
        [COL.units, test.unit ?? ''],
        [COL.range, test.range ?? ''],
      ]);
      // The performing lab's number, raised after the name.
      pdf.raw(COL.test + nameWidth(test.name) + 2, y - 1, '01', { size: 6 });
      pending.push({
        ...test.expect,
        name: test.expect.name ?? test.name,
        date: '2026-11-14',
        lab: 'Labcorp',
        page: pdf.page,
        line: pdf.lineAt(y),
        top: y,
      });
    }
    writer.gap(6);
  }
  pdf.eachPage((page, pages) => {
    pdf.row(750, [
      [36, 'Date Issued: 11/16/26 0605 ET'],
      [260, 'FINAL REPORT'],
      [520, `Page ${page} of ${pages}`],
    ]);
    pdf.text(
      36,
      762,
      'This document contains private and confidential health information protected by state and federal law.',
      {
        size: 6,
      },
    );
    pdf.text(36, 771, '© 1995-2026 Laboratory Corporation of America® Holdings. All Rights Reserved.', {
      size: 6,
    });
  });
  return {
    name: 'Labcorp (Ben, 3+ pages)',
    pdf: await pdf.toBuffer(),
    source: 'labcorp',
    lab: 'Labcorp',
    patientName: 'Ben Carter',
    date: '2026-11-14',
    pages: pdf.page,
    expected: settle(pending),
  };
}

/** Helvetica 9 pt is about half a point per … close enough: the superscript sits just after the name. */
const nameWidth = (name: string) => name.length * 4.6;

import { settle, type Fixture, type PendingExpected } from './expected';
import { above, between, expectRow, num, words, type Expect } from './layout-kit';
import { PdfBuilder } from './pdf-builder';

/**
 * A hospital patient portal's results printed from the browser (Epic MyChart's "Test Results" page): per
 * order a title and "Collected on …", then one block per component — its name, "Normal range: …", the
 * range drawn as a bar with its ends labelled, "Value" and the value with "High"/"Low" beside it (or in
 * parentheses). A component without a range has no range line; one prints "Value: 2.1" on a line.
 */
interface Block {
  name: string;
  /** After "Normal range: "; undefined prints no range line. */
  range?: string;
  /** The bar's end labels, when the portal draws one. */
  scale?: readonly [string, string];
  value: string;
  flag?: string;
  /** "Value: 2.1" on one line. */
  inline?: boolean;
  expect: Expect;
}

const mgdl = 'mg/dL';

export const CHEN_ORDERS: readonly { title: string; blocks: readonly Block[] }[] = [
  {
    title: 'LIPID PANEL',
    blocks: [
      {
        name: 'Cholesterol, Total',
        range: '0 - 199 mg/dL',
        scale: ['0', '199'],
        value: '212',
        flag: 'High',
        expect: num('total_cholesterol', 212, mgdl, between(0, 199), 'high'),
      },
      {
        name: 'Triglycerides',
        range: '0 - 149 mg/dL',
        scale: ['0', '149'],
        value: '140',
        expect: num('triglycerides', 140, mgdl, between(0, 149)),
      },
      {
        name: 'HDL Cholesterol',
        range: 'Above 39 mg/dL',
        value: '58',
        expect: num('hdl_cholesterol', 58, mgdl, above(39, 'Above 39')),
      },
      // No flag printed: the range gives it.
      {
        name: 'LDL Cholesterol Calculated',
        range: '0 - 99 mg/dL',
        scale: ['0', '99'],
        value: '131',
        expect: num('ldl_cholesterol', 131, mgdl, between(0, 99), 'high'),
      },
    ],
  },
  {
    title: 'HEMOGLOBIN A1C',
    blocks: [
      {
        name: 'Hemoglobin A1C',
        range: '4.0 - 5.6 %',
        scale: ['4.0', '5.6'],
        value: '5.9 (High)',
        expect: num('hemoglobin_a1c', 5.9, '%', between(4, 5.6), 'high'),
      },
      { name: 'Estimated Average Glucose', value: '123 mg/dL', expect: num('custom', 123, mgdl, null) },
    ],
  },
  {
    title: 'BASIC METABOLIC PANEL',
    blocks: [
      {
        name: 'Sodium',
        range: '135 - 145 mmol/L',
        scale: ['135', '145'],
        value: '140',
        expect: num('sodium', 140, 'mmol/L', between(135, 145)),
      },
      {
        name: 'Potassium',
        range: '3.5 - 5.1 mmol/L',
        scale: ['3.5', '5.1'],
        value: '5.4',
        flag: 'High',
        expect: num('potassium', 5.4, 'mmol/L', between(3.5, 5.1), 'high'),
      },
      {
        name: 'Glucose',
        range: '70 - 99 mg/dL',
        scale: ['70', '99'],
        value: '105',
        flag: 'High',
        expect: num('blood_glucose', 105, mgdl, between(70, 99), 'high'),
      },
      {
        name: 'Creatinine',
        range: '0.57 - 1.00 mg/dL',
        scale: ['0.57', '1.00'],
        value: '0.88',
        expect: num('creatinine', 0.88, mgdl, between(0.57, 1)),
      },
      {
        name: 'eGFR',
        range: 'Above 59 mL/min/1.73m2',
        value: '>90',
        expect: num('egfr', 90, 'mL/min/1.73m2', above(59, 'Above 59'), null, '>90'),
      },
      {
        name: 'Magnesium',
        range: '1.6 - 2.6 mg/dL',
        value: '2.1',
        inline: true,
        expect: num('custom', 2.1, mgdl, between(1.6, 2.6)),
      },
    ],
  },
  {
    title: 'VITAMIN D, 25-HYDROXY',
    blocks: [
      {
        name: 'Vitamin D, 25-Hydroxy',
        range: '30 - 100 ng/mL',
        scale: ['30', '100'],
        value: '27',
        flag: 'Low',
        expect: num('vitamin_d', 27, 'ng/mL', between(30, 100), 'low'),
      },
    ],
  },
  {
    title: 'TSH',
    blocks: [
      {
        name: 'TSH',
        range: '0.450 - 4.500 uIU/mL',
        scale: ['0.450', '4.500'],
        value: '2.310',
        expect: num('thyroid_stimulating_hormone', 2.31, 'uIU/mL', between(0.45, 4.5), null, '2.310'),
      },
    ],
  },
  {
    title: 'HEPATITIS C ANTIBODY',
    blocks: [
      {
        name: 'Hepatitis C Antibody',
        range: 'Non Reactive',
        value: 'Non Reactive',
        expect: words('Non Reactive', { text: 'Non Reactive' }),
      },
    ],
  },
];

const LAB = 'RIVERSIDE MEDICAL CENTER LAB';
const X = 54;

function pageTop(pdf: PdfBuilder): number {
  pdf
    .text(X, 30, 'MyChart', { bold: true, size: 16 })
    .text(400, 34, 'Riverside Health', { size: 10 })
    .row(56, [
      [X, 'Patient Name: Mei Chen'],
      [300, 'DOB: 3/14/1985   MRN: 4471820'],
    ]);
  return 84;
}

/** Orders one after another, blocks down the page, onto a second page when the first is full. */
export async function myChartReport(): Promise<Fixture> {
  const pdf = new PdfBuilder();
  let y = pageTop(pdf);
  pdf.text(X, y, `Resulting lab: ${LAB}`, { size: 8 });
  y += 20;
  const source = { date: '2026-11-14', lab: LAB };
  const pending: PendingExpected[] = [];
  const room = (needed: number) => {
    if (y + needed <= 730) return;
    pdf.addPage();
    y = pageTop(pdf);
  };
  for (const order of CHEN_ORDERS) {
    room(70);
    pdf.text(X, y, order.title, { bold: true, size: 12 });
    pdf.text(X, y + 16, 'Collected on Nov 14, 2026 8:30 AM     Resulted on Nov 14, 2026 2:12 PM', {
      size: 8,
    });
    pdf.text(X, y + 30, 'Results', { bold: true });
    y += 46;
    for (const block of order.blocks) {
      room(80);
      const top = y;
      pdf.text(X + 10, y, block.name, { bold: true });
      y += 13;
      if (block.range) {
        pdf.text(X + 10, y, `Normal range: ${block.range}`, { size: 8 });
        y += 12;
      }
      if (block.scale) {
        pdf.rule(y + 4, X + 10, X + 250);
        pdf.row(
          y + 7,
          [
            [X + 10, block.scale[0]],
            [X + 240, block.scale[1]],
          ],
          { size: 7 },
        );
        y += 18;
      }
      if (block.inline) {
        pdf.text(X + 10, y, `Value: ${block.value}`);
      } else {
        pdf.text(X + 10, y, 'Value', { size: 8 });
        y += 12;
        pdf.row(
          y,
          [
            [X + 10, block.value],
            [X + 70, block.flag ?? ''],
          ],
          { bold: true, size: 11 },
        );
      }
      pending.push(
        expectRow(pdf, y, block.name, block.expect, source, { top, ...(block.inline ? {} : { size: 11 }) }),
      );
      y += 24;
    }
    y += 8;
  }
  pdf.eachPage((page, pages) => {
    pdf.text(X, 750, 'MyChart® licensed from Epic Systems Corporation © 1999 - 2026', { size: 7 });
    pdf.text(500, 750, `Page ${page} of ${pages}`, { size: 7 });
  });
  return {
    name: 'Patient portal printout (Chen)',
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Mei Chen',
    date: '2026-11-14',
    pages: pdf.page,
    expected: settle(pending),
  };
}

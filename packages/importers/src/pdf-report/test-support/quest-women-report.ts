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
 * Quest's patient report as another of its sites prints it: narrower columns, results right-aligned under
 * "In Range" and "Out Of Range" (a flagged "1360 L" starts left of its heading), a CBC with Quest's
 * "Thousand/uL", "Million/uL" and absolute counts in "cells/uL", an iron panel whose units follow the
 * range with "(calc)", qualitative results in words. The header is repeated on the second page.
 */
const COLUMNS: readonly DrawnColumn[] = [
  { x: 36 },
  { x: 226, width: 40, align: 'right' },
  { x: 282, width: 52, align: 'right' },
  { x: 352 },
  { x: 552 },
];

type Row = readonly [name: string, result: string, range: string, expect: Expect];

const mgdl = 'mg/dL';
const k = 'Thousand/uL';

export const ADA_QUEST: readonly { panel?: string; rows: readonly Row[] }[] = [
  {
    panel: 'LIPID PANEL, STANDARD',
    rows: [
      ['CHOLESTEROL, TOTAL', '168', '<200 mg/dL', num('total_cholesterol', 168, mgdl, below(200, '<200'))],
      ['HDL CHOLESTEROL', '71', '> OR = 50 mg/dL', num('hdl_cholesterol', 71, mgdl, above(50, '> OR = 50'))],
      ['TRIGLYCERIDES', '54', '<150 mg/dL', num('triglycerides', 54, mgdl, below(150, '<150'))],
      ['LDL-CHOLESTEROL', '82', 'mg/dL (calc)', num('ldl_cholesterol', 82, mgdl, null)],
    ],
  },
  {
    panel: 'CBC (INCLUDES DIFF/PLT)',
    rows: [
      ['WHITE BLOOD CELL COUNT', '3.4 L', `3.8-10.8 ${k}`, num('custom', 3.4, k, between(3.8, 10.8), 'low')],
      [
        'RED BLOOD CELL COUNT',
        '4.21',
        '3.80-5.10 Million/uL',
        num('custom', 4.21, 'Million/uL', between(3.8, 5.1)),
      ],
      ['HEMOGLOBIN', '11.5 L', '11.7-15.5 g/dL', num('hemoglobin', 11.5, 'g/dL', between(11.7, 15.5), 'low')],
      ['HEMATOCRIT', '35.9', '35.0-45.0 %', num('custom', 35.9, '%', between(35, 45))],
      ['MCV', '85.3', '80.0-100.0 fL', num('custom', 85.3, 'fL', between(80, 100))],
      ['MCH', '27.3', '27.0-33.0 pg', num('custom', 27.3, 'pg', between(27, 33))],
      ['MCHC', '32.0', '32.0-36.0 g/dL', num('custom', 32, 'g/dL', between(32, 36), null, '32.0')],
      ['RDW', '14.9', '11.0-15.0 %', num('custom', 14.9, '%', between(11, 15))],
      ['PLATELET COUNT', '389', `140-400 ${k}`, num('custom', 389, k, between(140, 400))],
      [
        'ABSOLUTE NEUTROPHILS',
        '1360 L',
        '1500-7800 cells/uL',
        num('custom', 1360, 'cells/uL', between(1500, 7800), 'low'),
      ],
      [
        'ABSOLUTE LYMPHOCYTES',
        '1530',
        '850-3900 cells/uL',
        num('custom', 1530, 'cells/uL', between(850, 3900)),
      ],
    ],
  },
  {
    panel: 'IRON, TIBC AND FERRITIN PANEL',
    rows: [
      ['IRON, TOTAL', '38 L', '40-190 mcg/dL', num('iron', 38, 'mcg/dL', between(40, 190), 'low')],
      ['FERRITIN', '9 L', '16-154 ng/mL', num('custom', 9, 'ng/mL', between(16, 154), 'low')],
      ['% SATURATION', '11 L', '16-45 % (calc)', num('custom', 11, '%', between(16, 45), 'low')],
    ],
  },
  {
    rows: [
      [
        'TSH',
        '2.14',
        '0.40-4.50 mIU/L',
        num('thyroid_stimulating_hormone', 2.14, 'mIU/L', between(0.4, 4.5)),
      ],
      ['VITAMIN D,25-OH,TOTAL,IA', '62', '30-100 ng/mL', num('vitamin_d', 62, 'ng/mL', between(30, 100))],
      [
        'HEPATITIS B SURFACE ANTIGEN',
        'NON-REACTIVE',
        'NON-REACTIVE',
        words('NON-REACTIVE', { text: 'NON-REACTIVE' }),
      ],
      ['HCG, TOTAL, QUALITATIVE', 'NEGATIVE', 'NEGATIVE', words('NEGATIVE', { text: 'NEGATIVE' })],
    ],
  },
];

const PATIENT = 'EXAMPLE, ADA';

function banner(pdf: PdfBuilder): void {
  pdf
    .text(36, 28, 'Quest Diagnostics', { bold: true, size: 15 })
    .text(440, 32, 'Patient Report', { bold: true, size: 10 });
}

function header(pdf: PdfBuilder, y: number): void {
  drawCells(pdf, y, COLUMNS, ['Test Name', 'In Range', 'Out Of Range', 'Reference Range', 'Lab'], {
    bold: true,
    size: 8,
  });
  pdf.rule(y + 11);
}

/** Banner, the patient's, specimen's and client's blocks, the table over two pages, footers. */
export async function questWomenReport(): Promise<Fixture> {
  const pdf = new PdfBuilder();
  banner(pdf);
  pdf
    .row(
      54,
      [
        [36, 'Patient Information'],
        [230, 'Specimen Information'],
        [420, 'Client Information'],
      ],
      { bold: true, size: 8 },
    )
    .row(
      66,
      [
        [36, PATIENT],
        [230, 'Specimen: KX553201A'],
        [420, 'Client #: 40022113'],
      ],
      { size: 8 },
    )
    .row(
      77,
      [
        [36, 'DOB: 05/17/1990   AGE: 36'],
        [230, 'Collected: 09/08/2026 / 07:05 PDT'],
        [420, 'RIVERA, ANA'],
      ],
      { size: 8 },
    )
    .row(
      88,
      [
        [36, 'Gender: F'],
        [230, 'Received: 09/08/2026 / 13:40 PDT'],
      ],
      { size: 8 },
    )
    .row(99, [[230, 'Reported: 09/10/2026 / 05:55 PDT']], { size: 8 });
  header(pdf, 118);
  const writer = new TableWriter(
    pdf,
    {
      bottom: 420,
      step: 13,
      continuePage: (p) => {
        banner(p);
        p.row(
          52,
          [
            [36, `Patient: ${PATIENT}`],
            [230, 'Specimen: KX553201A'],
          ],
          { size: 8 },
        );
        header(p, 72);
        return 90;
      },
    },
    136,
  );
  const source = { date: '2026-09-08', lab: 'Quest Diagnostics' };
  const pending: PendingExpected[] = [];
  for (const { panel, rows } of ADA_QUEST) {
    if (panel) pdf.text(36, writer.next(2), panel, { bold: true, size: 8 });
    for (const [name, result, range, expect] of rows) {
      const y = writer.next();
      const flagged = expect.flag !== null;
      drawCells(
        pdf,
        y,
        COLUMNS,
        [panel ? `    ${name}` : name, flagged ? '' : result, flagged ? result : '', range, 'SJ'],
        { size: 8 },
      );
      pending.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
    }
    writer.gap(4);
  }
  pdf.eachPage((page, pages) => {
    pdf.row(
      752,
      [
        [36, `${PATIENT} - KX553201A`],
        [500, `Page ${page} of ${pages}`],
      ],
      { size: 7 },
    );
    pdf.text(36, 763, 'CLIENT SERVICES: 866.697.8378   SPECIMEN: KX553201A', { size: 6 });
  });
  return {
    name: 'Quest, another site’s layout (Ada, 2 pages)',
    pdf: await pdf.toBuffer(),
    source: 'quest_diagnostics',
    lab: 'Quest Diagnostics',
    patientName: 'Ada Example',
    date: '2026-09-08',
    pages: pdf.page,
    expected: settle(pending),
  };
}

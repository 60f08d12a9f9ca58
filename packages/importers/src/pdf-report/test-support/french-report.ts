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
 * A French laboratory's results (compte rendu d'analyses) on A4: Analyses | Résultats | Valeurs de
 * référence | Antériorités. The result cell holds the value and its unit ("0,92 g/L"); names run into dot
 * leaders; a line under some results repeats them in SI units with no name (not a result of its own);
 * "UI/L", "mUI/L", "G/L" for giga per litre; ranges "(0,70-1,10)", "< 2,00". The last column holds earlier
 * results with their dates and is never read.
 */
const COLUMNS: readonly DrawnColumn[] = [{ x: 40 }, { x: 230 }, { x: 330 }, { x: 460 }];

type Row = readonly [
  name: string,
  result: string,
  range: string,
  previous: string,
  expect: Expect,
  si?: readonly [result: string, range: string],
];

export const CHEN_BILAN: readonly { section: string; rows: readonly Row[] }[] = [
  {
    section: 'BIOCHIMIE SANGUINE',
    rows: [
      [
        'Glycémie à jeun',
        '0,92 g/L',
        '(0,70-1,10)',
        '0,88 (12/05/25)',
        num('blood_glucose', 0.92, 'g/L', between(0.7, 1.1), null, '0,92'),
        ['5,11 mmol/L', '(3,89-6,11)'],
      ],
      [
        'Créatinine',
        '8,2 mg/L',
        '(5,7-11,1)',
        '7,9 (12/05/25)',
        num('creatinine', 8.2, 'mg/L', between(5.7, 11.1), null, '8,2'),
        ['72,6 µmol/L', '(50,4-98,1)'],
      ],
      [
        'DFG estimé (CKD-EPI)',
        '> 90 mL/min/1,73m²',
        '(> 60)',
        '',
        num('egfr', 90, 'mL/min/1,73m²', above(60, '> 60'), null, '> 90'),
      ],
      [
        'Sodium',
        '140 mmol/L',
        '(136-145)',
        '141 (12/05/25)',
        num('sodium', 140, 'mmol/L', between(136, 145)),
      ],
      [
        'Potassium',
        '5,3 mmol/L',
        '(3,5-5,1)',
        '4,6 (12/05/25)',
        num('potassium', 5.3, 'mmol/L', between(3.5, 5.1), 'high', '5,3'),
      ],
      [
        'Cholestérol total',
        '2,35 g/L',
        '< 2,00',
        '2,21 (12/05/25)',
        num('total_cholesterol', 2.35, 'g/L', below(2, '< 2,00'), 'high', '2,35'),
        ['6,08 mmol/L', '< 5,17'],
      ],
      [
        'Cholestérol HDL',
        '0,48 g/L',
        '> 0,40',
        '0,51 (12/05/25)',
        num('hdl_cholesterol', 0.48, 'g/L', above(0.4, '> 0,40'), null, '0,48'),
        ['1,24 mmol/L', '> 1,03'],
      ],
      [
        'Cholestérol LDL calculé',
        '1,62 g/L',
        '< 1,60',
        '1,48 (12/05/25)',
        num('ldl_cholesterol', 1.62, 'g/L', below(1.6, '< 1,60'), 'high', '1,62'),
        ['4,19 mmol/L', '< 4,14'],
      ],
      [
        'Triglycérides',
        '1,25 g/L',
        '< 1,50',
        '1,10 (12/05/25)',
        num('triglycerides', 1.25, 'g/L', below(1.5, '< 1,50'), null, '1,25'),
      ],
      ['ASAT (TGO)', '28 UI/L', '< 35', '', num('ast', 28, 'UI/L', below(35, '< 35'))],
      ['ALAT (TGP)', '41 UI/L', '< 35', '30 (12/05/25)', num('alt', 41, 'UI/L', below(35, '< 35'), 'high')],
      ['Gamma GT', '22 UI/L', '< 38', '', num('custom', 22, 'UI/L', below(38, '< 38'))],
      [
        'HbA1c (hémoglobine glyquée)',
        '6,1 %',
        '(4,0-6,0)',
        '5,8 (12/05/25)',
        num('hemoglobin_a1c', 6.1, '%', between(4, 6), 'high', '6,1'),
      ],
      [
        'TSH ultrasensible',
        '2,10 mUI/L',
        '(0,27-4,20)',
        '',
        num('thyroid_stimulating_hormone', 2.1, 'mUI/L', between(0.27, 4.2), null, '2,10'),
      ],
    ],
  },
  {
    section: 'HÉMATOLOGIE',
    rows: [
      [
        'Hémoglobine',
        '12,8 g/dL',
        '(12,0-16,0)',
        '13,1 (12/05/25)',
        num('hemoglobin', 12.8, 'g/dL', between(12, 16), null, '12,8'),
      ],
      [
        'Leucocytes',
        '6,4 G/L',
        '(4,0-10,0)',
        '7,0 (12/05/25)',
        num('custom', 6.4, 'G/L', between(4, 10), null, '6,4'),
      ],
      [
        'Plaquettes',
        '142 G/L',
        '(150-400)',
        '188 (12/05/25)',
        num('custom', 142, 'G/L', between(150, 400), 'low'),
      ],
      ['Ferritine', '35 µg/L', '(15-150)', '', num('custom', 35, 'µg/L', between(15, 150))],
    ],
  },
];

const LAB = 'Laboratoire de Biologie Médicale Rhône Sud';

/** One A4 page: letterhead, patient and specimen, two sections, the biologist's sign-off. */
export async function frenchReport(): Promise<Fixture> {
  const pdf = new PdfBuilder({ size: A4 });
  pdf
    .text(40, 30, LAB, { bold: true, size: 13 })
    .text(40, 47, '12 avenue Berthelot, 69007 Lyon · Tél. 04 72 00 00 00', { size: 8 })
    .row(70, [
      [40, 'Patient(e) : Mme Mei CHEN'],
      [320, 'Prélevé le 14/11/2026 à 08:10'],
    ])
    .row(82, [
      [40, 'Née le : 14/03/1985'],
      [320, 'Dossier n° 2611-0457'],
    ]);
  drawCells(pdf, 106, COLUMNS, ['Analyses', 'Résultats', 'Valeurs de référence', 'Antériorités'], {
    bold: true,
    size: 8,
  });
  pdf.rule(117, 40, 555);
  const source = { date: '2026-11-14', lab: LAB };
  const pending: PendingExpected[] = [];
  let y = 124;
  for (const { section, rows } of CHEN_BILAN) {
    pdf.text(40, y, section, { bold: true, size: 9 });
    y += 14;
    for (const [name, result, range, previous, expect, si] of rows) {
      drawCells(pdf, y, COLUMNS, [`${name} ........`, result, range, previous], { size: 8 });
      pending.push(expectRow(pdf, y, name, expect, source, { size: 8 }));
      y += 11.5;
      if (si) {
        drawCells(pdf, y, COLUMNS, ['', ...si], { size: 7 });
        y += 11;
      }
    }
    y += 8;
  }
  pdf.text(40, y + 8, 'Compte rendu validé par Dr C. Martin, biologiste médical.', { size: 7 });
  pdf.text(40, 800, 'Page 1/1', { size: 7 });
  return {
    name: 'French compte rendu (Chen)',
    pageSize: A4,
    pdf: await pdf.toBuffer(),
    source: 'generic_lab_report',
    lab: LAB,
    patientName: 'Mei Chen',
    date: '2026-11-14',
    pages: 1,
    expected: settle(pending),
  };
}

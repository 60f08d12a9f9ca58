import { settle, type Fixture, type PendingExpected } from './expected';
import { PdfBuilder } from './pdf-builder';

/** One scan of Chen's history, in the report's units (lbs, %, g/cm², cal/day). */
export interface Scan {
  date: string;
  printed: string;
  bodyFat: number;
  totalMass: number;
  fatMass: number;
  leanMass: number;
  bmc: number;
  android: number;
  gynoid: number;
  agRatio: number;
  vatMass: number;
  vatVolume: number;
  bmd: number;
  tScore: number;
  zScore: number;
  rmr: number;
}

/** Newest first, as BodySpec lists them. */
export const CHEN_SCANS: readonly Scan[] = [
  {
    date: '2026-11-20',
    printed: '11/20/2026',
    bodyFat: 27.4,
    totalMass: 142.3,
    fatMass: 39,
    leanMass: 97.4,
    bmc: 5.9,
    android: 30.2,
    gynoid: 33.1,
    agRatio: 0.91,
    vatMass: 0.9,
    vatVolume: 27.1,
    bmd: 1.182,
    tScore: 0.6,
    zScore: -0.2,
    rmr: 1385,
  },
  {
    date: '2026-05-18',
    printed: '05/18/2026',
    bodyFat: 28.9,
    totalMass: 145.1,
    fatMass: 41.9,
    leanMass: 97.3,
    bmc: 5.9,
    android: 32.5,
    gynoid: 34,
    agRatio: 0.96,
    vatMass: 1.1,
    vatVolume: 33.2,
    bmd: 1.179,
    tScore: 0.5,
    zScore: -0.3,
    rmr: 1379,
  },
  {
    date: '2025-11-15',
    printed: '11/15/2025',
    bodyFat: 30.2,
    totalMass: 147.8,
    fatMass: 44.6,
    leanMass: 97.3,
    bmc: 5.9,
    android: 34.8,
    gynoid: 35.2,
    agRatio: 0.99,
    vatMass: 1.3,
    vatVolume: 39.3,
    bmd: 1.176,
    tScore: 0.5,
    zScore: -0.3,
    rmr: 1376,
  },
];

/** The current scan's regions: [body fat %, total mass, fat, lean, BMC]. */
const REGIONS: readonly [string, readonly number[]][] = [
  ['Arms', [25.1, 16.2, 4.1, 11.4, 0.7]],
  ['Legs', [29, 49.8, 14.4, 33.3, 2.1]],
  ['Trunk', [27, 69.4, 18.7, 48.9, 1.8]],
  ['Android', [30.2, 10.6, 3.2, 7.3, 0.1]],
  ['Gynoid', [33.1, 24.8, 8.2, 16.1, 0.5]],
  ['Total', [27.4, 142.3, 39, 97.4, 5.9]],
];

const COMPOSITION = [
  'Total Body Fat %',
  'Total Mass (lbs)',
  'Fat Tissue (lbs)',
  'Lean Tissue (lbs)',
  'Bone Mineral Content (lbs)',
];
const COMPOSITION_KINDS = ['body_fat', 'total_mass', 'fat_mass', 'lean_mass', 'bone_mass'];
const REGION_MEASURES = ['body fat', 'total mass', 'fat mass', 'lean mass', 'bone mineral content'];
const COMPOSITION_X = [110, 200, 285, 370, 455];
const unitOf = (header: string) => (header.endsWith('%') ? '%' : (/\(([^)]+)\)/.exec(header)?.[1] ?? null));
const fixed = (n: number, digits: number) => n.toFixed(digits);

function banner(pdf: PdfBuilder): void {
  pdf
    .text(36, 30, 'BodySpec', { bold: true, size: 18 })
    .text(400, 34.3, 'Body Composition Report', { bold: true, size: 12 });
}

/**
 * BodySpec's DEXA report: a composition history of every scan, the current scan's regions, then the
 * histories of fat distribution, visceral fat, bone density and RMR.
 */
export async function bodyspecReport(scans: readonly Scan[] = CHEN_SCANS): Promise<Fixture> {
  const pdf = new PdfBuilder();
  const pending: PendingExpected[] = [];
  const current = scans[0]!;
  const expect = (
    y: number,
    name: string,
    kind: string,
    valueText: string,
    unit: string | null,
    date: string,
  ) =>
    pending.push({
      name,
      kind,
      value: Number(valueText.replace('%', '')),
      valueText,
      unit,
      referenceRange: null,
      flag: null,
      date,
      lab: 'BodySpec',
      page: pdf.page,
      line: pdf.lineAt(y),
      top: y,
    });

  /** A history table: a header of Date and `headers`, a row a scan. */
  const history = (
    top: number,
    title: string,
    headers: readonly string[],
    xs: readonly number[],
    columns: readonly { kind: string; name?: string; value: (s: Scan) => string }[],
  ): number => {
    pdf.text(36, top, title, { bold: true, size: 11 });
    pdf.row(top + 20, [[36, 'Date'], ...headers.map((h, i): [number, string] => [xs[i]!, h])], {
      bold: true,
      size: 8,
    });
    let y = top + 36;
    for (const scan of scans) {
      const texts = columns.map((c) => c.value(scan));
      pdf.row(y, [[36, scan.printed], ...texts.map((v, i): [number, string] => [xs[i]!, v])]);
      columns.forEach((c, i) =>
        expect(y, c.name ?? headers[i]!, c.kind, texts[i]!, unitOf(headers[i]!), scan.date),
      );
      y += 13;
    }
    return y;
  };

  banner(pdf);
  pdf
    .row(64, [
      [36, 'Name: Mei Chen'],
      [300, `Scan Date: ${current.printed}`],
    ])
    .row(76, [
      [36, 'Sex: Female'],
      [300, 'Height: 64.0 in'],
    ])
    .row(88, [
      [36, 'Age: 41'],
      [300, `Weight: ${fixed(current.totalMass, 1)} lbs`],
    ]);
  const composition = (s: Scan) => [
    `${fixed(s.bodyFat, 1)}%`,
    fixed(s.totalMass, 1),
    fixed(s.fatMass, 1),
    fixed(s.leanMass, 1),
    fixed(s.bmc, 1),
  ];
  const end = history(
    112,
    'Body Composition History',
    COMPOSITION,
    COMPOSITION_X,
    COMPOSITION_KINDS.map((kind, i) => ({ kind, value: (s: Scan) => composition(s)[i]! })),
  );
  pdf.text(36, end + 12, 'Your body fat percentage has decreased 2.8% since your first scan.', { size: 8 });

  pdf.addPage();
  banner(pdf);
  pdf.text(36, 64, `Regional Assessment - ${current.printed}`, { bold: true, size: 11 });
  pdf.row(84, [[36, 'Region'], ...COMPOSITION.map((h, i): [number, string] => [COMPOSITION_X[i]!, h])], {
    bold: true,
    size: 8,
  });
  let y = 100;
  for (const [region, values] of REGIONS) {
    const texts = values.map((v, i) => (i === 0 ? `${fixed(v, 1)}%` : fixed(v, 1)));
    pdf.row(y, [[36, region], ...texts.map((v, i): [number, string] => [COMPOSITION_X[i]!, v])]);
    if (['Arms', 'Legs', 'Trunk'].includes(region)) {
      texts.forEach((v, i) =>
        expect(y, `${region} ${REGION_MEASURES[i]}`, 'custom', v, unitOf(COMPOSITION[i]!), current.date),
      );
    }
    y += 13;
  }
  history(
    210,
    'Fat Distribution History',
    ['Android Fat %', 'Gynoid Fat %', 'A/G Ratio'],
    [110, 200, 285],
    [
      { kind: 'android_fat', value: (s) => `${fixed(s.android, 1)}%` },
      { kind: 'gynoid_fat', value: (s) => `${fixed(s.gynoid, 1)}%` },
      { kind: 'android_gynoid_ratio', value: (s) => fixed(s.agRatio, 2) },
    ],
  );

  pdf.addPage();
  banner(pdf);
  let next = history(
    64,
    'Visceral Adipose Tissue (VAT)',
    ['VAT Mass (lbs)', 'VAT Volume (in³)'],
    [110, 200],
    [
      { kind: 'vat_mass', value: (s) => fixed(s.vatMass, 1) },
      { kind: 'custom', name: 'VAT volume', value: (s) => fixed(s.vatVolume, 1) },
    ],
  );
  next = history(
    next + 20,
    'Bone Density',
    ['Total BMD (g/cm²)', 'T-Score', 'Z-Score'],
    [110, 200, 285],
    [
      { kind: 'bone_density', value: (s) => fixed(s.bmd, 3) },
      { kind: 'custom', name: 'Bone density T-score', value: (s) => fixed(s.tScore, 1) },
      { kind: 'custom', name: 'Bone density Z-score', value: (s) => fixed(s.zScore, 1) },
    ],
  );
  history(
    next + 20,
    'Resting Metabolic Rate (RMR)',
    ['RMR (cal/day)'],
    [110],
    [{ kind: 'rmr', value: (s) => String(s.rmr) }],
  );
  pdf.eachPage((page, pages) =>
    pdf.row(
      760,
      [
        [36, 'bodyspec.com'],
        [500, `Page ${page} of ${pages}`],
      ],
      { size: 7 },
    ),
  );
  return {
    name: 'BodySpec DEXA (Chen, 3 scans)',
    pdf: await pdf.toBuffer(),
    source: 'bodyspec',
    lab: 'BodySpec',
    patientName: 'Mei Chen',
    date: current.date,
    pages: 3,
    expected: settle(pending),
  };
}

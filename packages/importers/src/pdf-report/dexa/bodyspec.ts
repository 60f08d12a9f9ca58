import type { ReportResult } from '@healthfolio/core';
import { labelled, personName, readDate } from '../fields';
import { fullText, regionOf, type ParsedReport, type ReportLayout } from '../report';
import type { PageText, PdfText, TextCell, TextLine } from '../text/types';

/** A column of a BodySpec table: which measurement, and the name a regional value gets from it. */
interface Measure {
  header: RegExp;
  /** The catalogue kind of a whole-body value; regional values are `custom`. */
  kind: string;
  /** "fat mass": a regional value is named "Arms fat mass". */
  label: string;
}

const MEASURES: readonly Measure[] = [
  { header: /^(?:total )?body fat\s*%|^fat\s*%$/i, kind: 'body_fat', label: 'body fat' },
  { header: /^total mass\b/i, kind: 'total_mass', label: 'total mass' },
  { header: /^fat (?:tissue|mass)\b/i, kind: 'fat_mass', label: 'fat mass' },
  { header: /^lean (?:tissue|mass)\b/i, kind: 'lean_mass', label: 'lean mass' },
  { header: /^(?:bone mineral content|bmc)\b/i, kind: 'bone_mass', label: 'bone mineral content' },
  { header: /^android(?: fat)?\s*%?$|^android fat\b/i, kind: 'android_fat', label: 'android fat' },
  { header: /^gynoid(?: fat)?\s*%?$|^gynoid fat\b/i, kind: 'gynoid_fat', label: 'gynoid fat' },
  {
    header: /^(?:a\/g|android\s*\/\s*gynoid|android:gynoid) ratio$/i,
    kind: 'android_gynoid_ratio',
    label: 'A/G ratio',
  },
  { header: /^vat mass\b/i, kind: 'vat_mass', label: 'VAT mass' },
  { header: /^vat volume\b/i, kind: 'custom', label: 'VAT volume' },
  { header: /^(?:total )?bmd\b/i, kind: 'bone_density', label: 'bone mineral density' },
  { header: /^(?:young adult )?t-score$/i, kind: 'custom', label: 'bone density T-score' },
  { header: /^(?:age matched )?z-score$/i, kind: 'custom', label: 'bone density Z-score' },
  { header: /^rmr\b|^resting metabolic rate\b/i, kind: 'rmr', label: 'RMR' },
];

/** Regions whose values the catalogue has no kind for: kept as `custom`, named by region and measure. */
const REGION = /^(?:(left|right)\s+)?(arms?|legs?|trunk)$/i;

/** "Total Mass (lbs)" → "lbs"; "Body Fat %" → "%"; "A/G Ratio" → none. */
function headerUnit(header: string): string | null {
  const inParens = /\(([^)]+)\)\s*$/.exec(header);
  if (inParens) return inParens[1]!.trim();
  return /%$/.test(header.trim()) ? '%' : null;
}

interface Column {
  measure: Measure;
  unit: string | null;
  x: number;
  name: string;
}

interface Table {
  /** "Date": one scan per row. "Region": one region per row, all of the current scan. */
  by: 'date' | 'region';
  columns: Column[];
}

function tableHeader(line: TextLine): Table | undefined {
  const first = line.cells[0]?.text.trim().toLowerCase();
  if (first !== 'date' && first !== 'region' && first !== 'scan date') return undefined;
  const columns: Column[] = [];
  for (const cell of line.cells.slice(1)) {
    const measure = MEASURES.find((m) => m.header.test(cell.text.trim()));
    if (measure) columns.push({ measure, unit: headerUnit(cell.text), x: cell.x, name: cell.text.trim() });
  }
  return columns.length > 0 ? { by: first === 'region' ? 'region' : 'date', columns } : undefined;
}

/** "27.4%", "142.3", "1,850", "-0.4" → the number; undefined for anything else. */
function readMeasure(text: string): number | undefined {
  const m = /^([-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+]?\d*\.?\d+)\s*%?$/.exec(text.trim());
  return m ? Number(m[1]!.replace(/,/g, '')) : undefined;
}

const SLACK = 8;

function cellFor(cells: readonly TextCell[], columns: readonly Column[], i: number): TextCell | undefined {
  const from = columns[i]!.x - SLACK;
  const to = i + 1 < columns.length ? columns[i + 1]!.x - SLACK : Infinity;
  return cells.find((c) => c.x >= from && c.x < to);
}

/**
 * BodySpec's DEXA report: a history table with every scan (Date | Total Body Fat % | Total Mass (lbs) |
 * Fat Tissue | Lean Tissue | Bone Mineral Content), the current scan's regional table (Region | the same
 * columns; Arms, Legs, Trunk, Android, Gynoid, Total), and history tables of fat distribution (Android %,
 * Gynoid %, A/G Ratio), visceral fat (VAT Mass, VAT Volume), bone density (Total BMD, T-score, Z-score)
 * and RMR. Every value of every scan becomes a result dated by its row.
 */
function readTables(
  pages: readonly PageText[],
  currentScan: string | undefined,
  lab: string,
): ReportResult[] {
  const results: ReportResult[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    let table: Table | undefined;
    let scanOfRegions = currentScan;
    for (const line of page.lines) {
      const header = tableHeader(line);
      if (header) {
        table = header;
        continue;
      }
      const heading = /regional/i.test(line.text) ? readDate(line.text) : undefined;
      if (heading) scanOfRegions = heading;
      if (!table) continue;
      const first = line.cells[0]!;
      const date = table.by === 'date' ? readDate(first.text) : scanOfRegions;
      const region = table.by === 'region' ? REGION.exec(first.text.trim()) : null;
      if (!date || (table.by === 'region' && !region)) {
        // A line that is neither a scan nor a region ends the table (a heading, a note).
        if (table.by === 'date' || !/^(?:android|gynoid|total)$/i.test(first.text.trim())) table = undefined;
        continue;
      }
      table.columns.forEach((column, i) => {
        const cell = cellFor(line.cells.slice(1), table!.columns, i);
        const value = cell ? readMeasure(cell.text) : undefined;
        if (!cell || value === undefined) return;
        const regional = region ? `${titleCase(first.text.trim())} ${column.measure.label}` : undefined;
        const kind = regional ? 'custom' : column.measure.kind;
        const name = regional ?? (kind === 'custom' ? capitalize(column.measure.label) : column.name);
        const key = `${kind}|${name}|${date}`;
        if (seen.has(key)) return;
        seen.add(key);
        results.push({
          id: `p${page.number}-l${line.number}-c${i + 1}`,
          name,
          kind,
          value,
          valueText: cell.text.trim(),
          unit: column.unit,
          referenceRange: null,
          flag: null,
          date,
          lab,
          loinc: null,
          line: line.number,
          region: regionOf(page.number, [first, cell], page.width, page.height),
        });
      });
    }
  }
  return results;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (s: string) => s.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());

export const BODYSPEC = 'BodySpec';

export const bodyspecLayout: ReportLayout = {
  hint: 'bodyspec',
  detect(text: PdfText): number {
    const all = fullText(text);
    const dexa = /body composition|dexa|dxa/i.test(all) && /lean (?:tissue|mass)/i.test(all);
    if (/bodyspec/i.test(all) && dexa) return 0.95;
    return dexa && /total body fat/i.test(all) ? 0.6 : 0;
  },
  parse(text: PdfText): ParsedReport {
    const lines = text.pages[0]?.lines ?? [];
    const name = labelled(lines, /^(?:name|client|patient)\s*(?=:)/i);
    const scan = labelled(lines, /^(?:scan date|measured|date of scan|scan)\s*(?=:)/i);
    const scanDate = scan ? readDate(scan.text) : undefined;
    const results = readTables(text.pages, scanDate, BODYSPEC);
    const latest = results
      .map((r) => r.date)
      .sort()
      .at(-1);
    return {
      source: 'bodyspec',
      lab: BODYSPEC,
      patientName: name ? personName(name.text) : null,
      date: scanDate ?? latest ?? null,
      results,
    };
  },
};

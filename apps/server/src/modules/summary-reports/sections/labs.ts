import type { ReportBlock } from '@healthfolio/core';
import { isoDay } from '@healthfolio/insights';
import { type SourcedLab, localDayIn } from '../../metrics';
import type { ReportData } from '../report-data';
import { sourceName } from './sources';

/** Charts of tests over time at most (the tables list every test). */
const MAX_CHARTS = 24;

/** Panels as labs print them, by the test's kind; the rest under "Other tests". */
const PANELS: [string, RegExp][] = [
  ['Lipid panel', /cholesterol|triglyceride|lipoprotein|apolipoprotein/],
  ['Glucose and diabetes', /glucose|a1c|insulin|fructosamine/],
  [
    'Kidney function and electrolytes',
    /creatinine|urea|bun|egfr|sodium|potassium|chloride|bicarbonate|carbon_dioxide|calcium|magnesium|phosph|albumin_creatinine|uric/,
  ],
  ['Liver panel', /alt|ast|alanine|aspartate|bilirubin|alkaline|albumin|protein|ggt|gamma/],
  [
    'Blood count',
    /hemoglobin$|hematocrit|white_blood|red_blood|platelet|mcv|mch|rdw|neutrophil|lymphocyte|wbc|rbc/,
  ],
  ['Thyroid and hormones', /tsh|thyro|t3|t4|testosterone|estradiol|cortisol|psa/],
  ['Vitamins, iron and inflammation', /vitamin|ferritin|iron|folate|b12|crp|c_reactive/],
];

export const panelOf = (kind: string) => PANELS.find(([, re]) => re.test(kind))?.[0] ?? 'Other tests';

const FLAG_WORDS: Record<string, string> = {
  low: 'Low',
  high: 'High',
  critical_low: 'Critically low',
  critical_high: 'Critically high',
  abnormal: 'Abnormal',
};

function flagOf(lab: SourcedLab): string {
  if (lab.flag) return FLAG_WORDS[lab.flag] ?? lab.flag;
  const range = lab.meta?.referenceRange;
  if (range?.low !== undefined && lab.value < range.low) return 'Low';
  if (range?.high !== undefined && lab.value > range.high) return 'High';
  return range ? 'In range' : '–';
}

function rangeOf(lab: SourcedLab): string {
  const r = lab.meta?.referenceRange;
  if (!r) return '–';
  if (r.text) return r.text;
  if (r.low !== undefined && r.high !== undefined) return `${r.low}–${r.high}`;
  if (r.low !== undefined) return `≥ ${r.low}`;
  return r.high !== undefined ? `≤ ${r.high}` : '–';
}

/** "Quest (quest.pdf, page 2)": the lab's source and, for results read from a PDF, the document and page. */
export function provenanceOf(lab: SourcedLab): string {
  const p = lab.meta?.provenance;
  const doc = typeof p?.document === 'string' ? p.document : undefined;
  const page = typeof p?.page === 'number' ? p.page : undefined;
  const where = doc ? ` (${doc}${page !== undefined ? `, page ${page}` : ''})` : '';
  return `${lab.meta?.lab ?? sourceName(lab.source)}${where}`;
}

const valueText = (lab: SourcedLab) => lab.meta?.valueText ?? String(Math.round(lab.value * 100) / 100);

/** Each test's latest result with its flag, grouped by panel, and each test over time against its range. */
export function labsSection(data: ReportData): ReportBlock[] {
  const period = `${isoDay(data.fromDay)} to ${isoDay(data.toDay)}`;
  if (data.labs.length === 0) return [{ type: 'text', text: `No lab results in ${period}.` }];
  const day = (lab: SourcedLab) => isoDay(localDayIn(data.zone, lab.at));
  const byTest = new Map<string, SourcedLab[]>();
  for (const lab of data.labs) {
    const key = `${lab.kind}|${lab.name}`;
    let list = byTest.get(key);
    if (!list) byTest.set(key, (list = []));
    list.push(lab);
  }
  const byPanel = new Map<string, SourcedLab[][]>();
  for (const results of byTest.values()) {
    const panel = panelOf(results[0]!.kind);
    let list = byPanel.get(panel);
    if (!list) byPanel.set(panel, (list = []));
    list.push(results);
  }
  const blocks: ReportBlock[] = [];
  const panels = [...byPanel].sort(
    ([a], [b]) => PANELS.findIndex(([p]) => p === a) - PANELS.findIndex(([p]) => p === b),
  );
  for (const [panel, tests] of panels) {
    const latest = tests.map((results) => results[results.length - 1]!);
    const rows = latest.map((lab, i) => [
      lab.name,
      `${valueText(lab)} ${lab.unit}`,
      rangeOf(lab),
      flagOf(lab),
      day(lab),
      `${provenanceOf(lab)}${tests[i]!.length > 1 ? `; ${tests[i]!.length} results in the period` : ''}`,
    ]);
    blocks.push({
      type: 'table',
      caption: `${panel}: latest result of each test`,
      columns: ['Test', 'Latest', 'Reference range', 'Flag', 'Date', 'Source'],
      rows,
      flagged: rows.flatMap((row, i) => (row[3] !== 'In range' && row[3] !== '–' ? [i] : [])),
      source: `Source: lab results of ${period}; ranges as each lab printed them`,
    });
  }
  const charted = [...byTest.values()].filter((results) => results.length >= 2).slice(0, MAX_CHARTS);
  for (const results of charted) {
    const last = results[results.length - 1]!;
    const range = last.meta?.referenceRange;
    blocks.push({
      type: 'line',
      caption: `${last.name} (${last.unit}) over time, ${day(results[0]!)} to ${day(last)}`,
      unit: last.unit,
      points: results.map((lab) => ({ x: day(lab), y: lab.value })),
      ...(range && (range.low !== undefined || range.high !== undefined)
        ? { band: { low: range.low ?? null, high: range.high ?? null } }
        : {}),
      source: `Source: ${[...new Set(results.map(provenanceOf))].join('; ')}`,
    });
  }
  return blocks;
}

import type { ClinicalCategory, ClinicalRecord, ReportBlock } from '@healthfolio/core';
import type { ReportData } from '../report-data';
import { sourceName } from './sources';

const TITLES: [ClinicalCategory, string][] = [
  ['condition', 'Conditions'],
  ['medication', 'Medications'],
  ['allergy', 'Allergies and intolerances'],
  ['immunization', 'Immunizations'],
  ['procedure', 'Procedures'],
];

const date = (iso: string | null) => (iso ? iso.slice(0, 10) : 'date unknown');
const dates = (r: ClinicalRecord) =>
  r.endedAt ? `${date(r.recordedAt)} to ${date(r.endedAt)}` : date(r.recordedAt);

/** The drug a medication record names: its text up to the first digit ("Metformin 500 mg" → "Metformin"). */
export const drugOf = (display: string) => display.split(/\s+\d/)[0]!.trim().toLowerCase();

/** Conditions, medications grouped by drug, allergies, immunizations and procedures, with dates and sources. */
export function clinicalSection(data: ReportData): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  for (const [category, title] of TITLES) {
    const records = data.clinical.get(category) ?? [];
    const sources = [...new Set(records.map((r) => sourceName(r.source)))].sort();
    const source = `Source: clinical records from ${sources.length ? sources.join(', ') : 'no source'}, as of the report's date`;
    if (records.length === 0) {
      blocks.push({ type: 'text', text: `${title}: none recorded.` });
      continue;
    }
    if (category === 'medication') {
      const byDrug = new Map<string, ClinicalRecord[]>();
      for (const r of records) {
        const key = drugOf(r.display);
        let list = byDrug.get(key);
        if (!list) byDrug.set(key, (list = []));
        list.push(r);
      }
      blocks.push({
        type: 'table',
        caption: title,
        columns: ['Drug', 'Prescriptions and statements', 'Status', 'Dates', 'Source'],
        rows: [...byDrug.values()].map((list) => [
          list[0]!.display.split(/\s+\d/)[0]!.trim(),
          list.map((r) => r.display).join('; '),
          list[0]!.status ?? '–',
          list.map(dates).join('; '),
          [...new Set(list.map((r) => sourceName(r.source)))].join(', '),
        ]),
        source,
      });
      continue;
    }
    blocks.push({
      type: 'table',
      caption: title,
      columns: ['Name', 'Status', 'Dates', 'Source'],
      rows: records.map((r) => [r.display, r.status ?? '–', dates(r), sourceName(r.source)]),
      source,
    });
  }
  return blocks;
}

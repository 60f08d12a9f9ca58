import type { ReportResult } from '@healthfolio/core';
import type { PageText, TextLine } from '../text/types';
import { readResult, tidyName } from './lab-results';
import type { NumberFormat } from './values';

/** "Normal range: 70 - 99 mg/dL", "Standard Range: Below 200 mg/dL", "Reference range:". */
const RANGE_LABEL = /^(?:normal|standard|reference|ref\.?) (?:range|value|interval)s?\s*:?\s*(.*)$/i;
/** "Value", "Your Value: 105", "Result". */
const VALUE_LABEL = /^(?:value|your value|result|your result)\s*:?\s*(.*)$/i;
/** How many lines after its range a block's value may come (a drawn scale's labels may sit between). */
const VALUE_WITHIN = 4;

/**
 * Results a patient portal prints one per block (Epic MyChart and its like): the test's name, a
 * "Normal range:" line, then "Value" and the value (with a flag beside it), or "Value: 105" on one line.
 */
export function blockResults(
  pages: readonly PageText[],
  options: { lab: string | null; date: string; format: NumberFormat },
): ReportResult[] {
  const results: ReportResult[] = [];
  for (const page of pages) {
    const lines = page.lines;
    lines.forEach((line, i) => {
      const range = RANGE_LABEL.exec(line.text);
      const nameLine = lines[i - 1];
      if (!range || !nameLine || isLabel(nameLine)) return;
      const value = valueAfter(lines, i);
      if (!value) return;
      const result = readResult(
        { name: tidyName(nameLine.text), value: value.text, range: range[1]?.trim() || undefined },
        {
          id: `p${page.number}-l${value.line.number}`,
          page: page.number,
          line: value.line.number,
          cells: [...nameLine.cells, ...line.cells, ...value.line.cells],
          pageWidth: page.width,
          pageHeight: page.height,
          date: options.date,
          lab: options.lab,
          format: options.format,
        },
      );
      if (result) results.push(result);
    });
  }
  return results;
}

const isLabel = (line: TextLine) => RANGE_LABEL.test(line.text) || VALUE_LABEL.test(line.text);

/** The value under a block's range: after a "Value" label, on its line or the next. */
function valueAfter(lines: readonly TextLine[], at: number): { text: string; line: TextLine } | undefined {
  for (let j = at + 1; j <= at + VALUE_WITHIN && j < lines.length; j++) {
    if (RANGE_LABEL.test(lines[j]!.text)) return undefined;
    const label = VALUE_LABEL.exec(lines[j]!.text);
    if (!label) continue;
    if (label[1]) return { text: label[1], line: lines[j]! };
    const next = lines[j + 1];
    return next ? { text: next.text, line: next } : undefined;
  }
  return undefined;
}

/** Whether a report prints its results in blocks with a labelled range. */
export const hasResultBlocks = (pages: readonly PageText[]): boolean =>
  pages.some((p) => p.lines.some((l) => RANGE_LABEL.test(l.text)));

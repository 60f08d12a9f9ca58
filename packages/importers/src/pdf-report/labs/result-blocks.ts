import type { ReportResult } from '@healthfolio/core';
import type { PageText, TextLine } from '../text/types';
import { readResult, tidyName } from './lab-results';
import type { NumberFormat } from './values';

/** "Normal range: 70 - 99 mg/dL", "Standard Range: Below 200 mg/dL", "Reference range:". */
const RANGE_LABEL = /^(?:normal|standard|reference|ref\.?) (?:range|value|interval)s?\b\s*:?\s*(.*)$/i;
/** "Value", "Your Value: 105", "Result". */
const VALUE_LABEL = /^(?:value|your value|result|your result)\b\s*:?\s*(.*)$/i;
/** How many lines after its range a block's value label may come (a drawn scale's labels may sit between). */
const VALUE_WITHIN = 3;

/**
 * Results a patient portal prints one per block (Epic MyChart and its like): the test's name, a
 * "Normal range:" line (left out when there is none), then "Value" and the value with a flag beside it,
 * or "Value: 105" on one line. A drawn scale's end labels may sit between the range and the value.
 */
export function blockResults(
  pages: readonly PageText[],
  options: { lab: string | null; date: string; format: NumberFormat },
): ReportResult[] {
  const results: ReportResult[] = [];
  for (const page of pages) {
    const lines = page.lines;
    lines.forEach((line, j) => {
      const label = VALUE_LABEL.exec(line.text);
      if (!label) return;
      const valueLine = label[1] ? line : lines[j + 1];
      const value = label[1] || valueLine?.text;
      const rangeAt = rangeBefore(lines, j);
      const nameLine = lines[(rangeAt ?? j) - 1];
      if (!valueLine || !value || !nameLine || isLabel(nameLine)) return;
      const range = rangeAt === undefined ? undefined : RANGE_LABEL.exec(lines[rangeAt]!.text)![1]!.trim();
      const cells = [nameLine, ...(rangeAt === undefined ? [] : [lines[rangeAt]!]), valueLine].flatMap(
        (l) => l.cells,
      );
      const result = readResult(
        { name: tidyName(nameLine.text), value, range: range || undefined },
        {
          id: `p${page.number}-l${valueLine.number}`,
          page: page.number,
          line: valueLine.number,
          cells,
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

/** The line of the range above a "Value" label, within a few lines and not past another block's value. */
function rangeBefore(lines: readonly TextLine[], at: number): number | undefined {
  for (let i = at - 1; i >= Math.max(0, at - VALUE_WITHIN); i--) {
    if (VALUE_LABEL.test(lines[i]!.text)) return undefined;
    if (RANGE_LABEL.test(lines[i]!.text)) return i;
  }
  return undefined;
}

/** Whether a report prints its results in blocks with a labelled range. */
export const hasResultBlocks = (pages: readonly PageText[]): boolean =>
  pages.some((p) => p.lines.some((l) => RANGE_LABEL.test(l.text)));

import { labelled } from '../fields';
import type { ParsedReport, ReportLayout } from '../report';
import type { PdfText } from '../text/types';
import { collectionDate, patientName } from './collection';
import { labResults } from './lab-results';
import { headerColumns, type TableLayout } from './lab-table';

/**
 * Any lab's report with a results table: a header naming at least the test, its result and one of flag,
 * units or reference range, in the words labs use for them. The unit may have its own column or follow
 * the range; the flag its own column or follow the value.
 */
const table: TableLayout = {
  headers: [
    {
      role: 'name',
      header:
        /^(?:tests?|test name|analyte|component|description|investigation|parameter|test description)$/i,
    },
    {
      role: 'value',
      header: /^(?:results?|value|your (?:result|value)|current result|result value|observed value)$/i,
    },
    { role: 'flag', header: /^(?:flag|flags|abnormal flag|abn|status|h\/l|interpretation)$/i },
    { role: 'unit', header: /^(?:units?|uom|unit of measure)$/i },
    {
      role: 'range',
      header:
        /^(?:reference ranges?|reference intervals?|ref\.? ranges?|normal ranges?|ranges?|standard range|reference|expected range|biological ref(?:erence)?\.? interval)$/i,
    },
    { role: 'loinc', header: /^(?:loinc|loinc code)$/i },
    { role: 'lab', header: /^(?:lab|performing lab|site)$/i },
  ],
  skip: [/\bpage \d+ of \d+\b/i, /^(?:end of report|\*+ end of report)/i],
};

/** Words that name a laboratory in a report's letterhead. */
const LAB_WORDS =
  /\b(?:laborator(?:y|ies)|lab|labs|diagnostics|pathology|clinical|medical center|hospital)\b/i;

/** The lab the report names: a "Laboratory:" field, else the first letterhead line that sounds like one. */
function detectLab(text: PdfText): string | null {
  const lines = text.pages[0]?.lines ?? [];
  const field = labelled(lines, /^(?:performing )?(?:laboratory|lab)\s*(?=:)/i);
  if (field) return field.text.trim();
  const header = lines.findIndex((l) => headerColumns(l, table));
  const letterhead = lines.slice(0, header < 0 ? 5 : Math.min(header, 5));
  const named = letterhead.find((l) => LAB_WORDS.test(l.text) && !/:/.test(l.text));
  return named ? named.cells[0]!.text.trim() : null;
}

export const genericLabLayout: ReportLayout = {
  hint: 'lab-report',
  detect(text: PdfText): number {
    return text.pages.some((p) => p.lines.some((l) => headerColumns(l, table))) ? 0.5 : 0;
  },
  parse(text: PdfText, options: { labName?: string }): ParsedReport {
    const date = collectionDate(text);
    const lab = options.labName?.trim() || detectLab(text);
    return {
      source: 'generic_lab_report',
      lab,
      patientName: patientName(text),
      date,
      results: labResults(text.pages, { layout: table, lab, date }),
    };
  },
};

import { fullText, type ParsedReport, type ReportLayout } from '../report';
import type { PdfText } from '../text/types';
import { collectionDate, patientName } from './collection';
import { labResults, tidyName } from './lab-results';
import { headerColumns, type TableLayout } from './lab-table';

/**
 * Labcorp's patient report: patient, specimen and physician details, then per panel a table of
 * Test | Current Result and Flag | Previous Result and Date | Units | Reference Interval. The flag is a
 * word after the value ("105 High"); test names carry the performing lab's number as a superscript
 * ("Glucose 01"); a panel continued on the next page repeats its heading with "(Cont.)" and the header.
 * Its earlier report prints TESTS | RESULT | FLAG | UNITS | REFERENCE INTERVAL | LAB, the flag in its own
 * column, the lab's number in the last, and the patient's and specimen's fields as a grid of headings.
 */
const table: TableLayout = {
  headers: [
    { role: 'name', header: /^tests?$/i },
    { role: 'value', header: /^(?:current result and flag|result)$/i },
    { role: 'previous', header: /^previous result and date$/i },
    { role: 'flag', header: /^flag$/i },
    { role: 'unit', header: /^units$/i },
    { role: 'range', header: /^reference interval$/i },
    { role: 'lab', header: /^lab$/i },
  ],
  skip: [
    /\bpage \d+ of \d+\b/i,
    /laboratory corporation of america/i,
    /^date (?:issued|created)\b/i,
    /\bfinal report\b/i,
    /this document contains private/i,
  ],
};

export const LABCORP = 'Labcorp';

/** "Glucose 01" → "Glucose": the superscript number of the performing lab. */
const cleanName = (name: string) => tidyName(name.replace(/(?<=\D)\s*0\d$/, ''));

export const labcorpLayout: ReportLayout = {
  hint: 'labcorp',
  detect(text: PdfText): number {
    const all = fullText(text);
    const current = /current result and flag/i.test(all) && /reference interval/i.test(all);
    // Labcorp's earlier report (TESTS | RESULT | FLAG | UNITS | REFERENCE INTERVAL | LAB) says so only
    // with its name: other labs print those words too.
    const named = /labcorp|laboratory corporation of america/i.test(all);
    const header = text.pages.some((p) => p.lines.some((l) => headerColumns(l, table)));
    if (named && (current || header)) return 0.95;
    return current ? 0.7 : 0;
  },
  parse(text: PdfText): ParsedReport {
    const date = collectionDate(text);
    return {
      source: 'labcorp',
      lab: LABCORP,
      patientName: patientName(text, [/^patient details$/i, /^patient name$/i]),
      date,
      results: labResults(text.pages, { layout: table, lab: LABCORP, date, cleanName }),
    };
  },
};

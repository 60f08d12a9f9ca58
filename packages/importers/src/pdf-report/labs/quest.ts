import { fullText, type ParsedReport, type ReportLayout } from '../report';
import type { PdfText } from '../text/types';
import { collectionDate, patientName } from './collection';
import { labResults } from './lab-results';
import type { TableLayout } from './lab-table';

/**
 * Quest Diagnostics' patient report: patient, specimen and client blocks, then one table of
 * Test Name | In Range | Out Of Range | Reference Range | Lab, panels as unindented headings. A result
 * sits in "In Range", or in "Out Of Range" with its flag ("105 H"); the unit follows the reference
 * range ("65-99 mg/dL"); "Lab" is the performing site's code. Every page repeats the header.
 */
const table: TableLayout = {
  headers: [
    { role: 'name', header: /^test name$/i },
    { role: 'inRange', header: /^in range$/i },
    { role: 'outRange', header: /^out of range$/i },
    { role: 'range', header: /^reference range$/i },
    { role: 'lab', header: /^lab$/i },
  ],
  skip: [/\bpage \d+ of \d+\b/i, /client services/i, /^performing sites?\b/i, /quest diagnostics/i],
};

export const QUEST = 'Quest Diagnostics';

export const questLayout: ReportLayout = {
  hint: 'quest',
  detect(text: PdfText): number {
    const all = fullText(text);
    const header = /\bin range\b[\s\S]*\bout of range\b/i.test(all);
    if (/quest diagnostics/i.test(all) && header) return 0.95;
    return header ? 0.7 : 0;
  },
  parse(text: PdfText): ParsedReport {
    const date = collectionDate(text);
    return {
      source: 'quest_diagnostics',
      lab: QUEST,
      patientName: patientName(text, [/^patient information$/i]),
      date,
      results: labResults(text.pages, { layout: table, lab: QUEST, date }),
    };
  },
};

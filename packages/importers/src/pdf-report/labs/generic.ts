import { dateOrderOf, labelled } from '../fields';
import type { ParsedReport, ReportLayout } from '../report';
import type { PdfText } from '../text/types';
import { collectionDate, patientName } from './collection';
import { labResults } from './lab-results';
import { headerColumns, type TableLayout } from './lab-table';
import { blockResults, hasResultBlocks } from './result-blocks';
import { listResults, resultLine } from './result-lines';
import { numberFormatOf } from './values';

/**
 * Any lab's report with a results table: a header naming at least the test, its result and one of flag,
 * units or reference range, in the words labs use for them (English, German, French, Dutch; Indian labs'
 * "Bio. Ref. Interval"). The unit may have its own column or follow the range; the flag its own column or
 * follow the value. A column of earlier results is never read as the result; a cumulative report's
 * columns headed by days give the latest day's results.
 */
const table: TableLayout = {
  headers: [
    {
      role: 'name',
      header:
        /^(?:tests?|test name|test names|analyte|component|description|investigations?|parameters?|test description|test parameter|examination|untersuchung|analyse|analyses|examen|bepaling|onderzoek)$/i,
    },
    {
      role: 'previous',
      header:
        /^(?:previous|prior|last|earlier)(?: results?| values?)?(?: and date| \(.*\)|:? .*\d.*)?$|^(?:vorwert|vorbefund|vorwerte|ant[ée]riorit[ée]s?|r[ée]sultats? ant[ée]rieurs?|vorige(?: uitslag)?|eerdere uitslag)$/i,
    },
    {
      role: 'value',
      header:
        /^(?:results?|value|values|your (?:result|value)|current result|result value|observed value|obtained value|ergebnis|befund|messwert|wert|r[ée]sultats?|uitslag|resultaat|current)$/i,
    },
    {
      role: 'flag',
      header: /^(?:flag|flags|abnormal flag|abn|status|h\/l|interpretation|kennung|markering)$/i,
    },
    { role: 'unit', header: /^(?:units?|uom|unit of measure|einheit|unit[ée]s?|eenheid)$/i },
    {
      role: 'range',
      header:
        /^(?:reference ranges?|reference intervals?|ref\.? ranges?|ref\.? intervals?|normal ranges?|ranges?|standard range|reference|reference values?|normal values?|expected range|biological ref(?:erence)?\.? intervals?|bio\.? ref\.? (?:range|intervals?)|referenzbereich|normbereich|referenzwerte?|normalwerte?|valeurs? de r[ée]f[ée]rence|valeurs? normales?|intervalle de r[ée]f[ée]rence|referentiewaarden?|normaalwaarden?|ref\.? waarde)$/i,
    },
    { role: 'loinc', header: /^(?:loinc|loinc code)$/i },
    { role: 'lab', header: /^(?:lab|performing lab|site)$/i },
    { role: 'method', header: /^(?:method|methodology|technology|technique|m[ée]thode|methodik)$/i },
  ],
  skip: [
    /\bpage \d+ of \d+\b/i,
    /\bseite \d+ von \d+\b/i,
    /^(?:end of report|\*+ end of report)/i,
    // A cumulative report's request details under its days.
    /^(?:time|lab ?(?:no\.?|#|number)|request(?: no\.?)?|episode|accession(?: no\.?)?)\s/i,
  ],
  dateColumns: true,
};

/** Words that name a laboratory in a report's letterhead. */
const LAB_WORDS =
  /\b(?:laborator(?:y|ies)|lab|labs|pathlabs|diagnostics?|pathology|clinical|medical center|hospital|labor|laboratoire|laboratorium|healthcare)\b/i;

/** The lab the report names: a "Laboratory:" field, else the first letterhead line that sounds like one. */
function detectLab(text: PdfText): string | null {
  const lines = text.pages[0]?.lines ?? [];
  const field = labelled(lines, /^(?:performing |resulting )?(?:laboratory|lab)\s*(?=:)/i);
  if (field) return field.text.trim();
  const header = lines.findIndex((l) => headerColumns(l, table));
  const letterhead = lines.slice(0, header < 0 ? 5 : Math.min(header, 5));
  const named = letterhead.find((l) => LAB_WORDS.test(l.text) && !/:/.test(l.text));
  return named ? named.cells[0]!.text.trim() : null;
}

const hasTable = (text: PdfText) => text.pages.some((p) => p.lines.some((l) => headerColumns(l, table)));

/** Lines of a list without a header that read as results. */
const resultLines = (text: PdfText) => {
  const format = numberFormatOf(text.pages);
  return text.pages.flatMap((p) => p.lines).filter((l) => resultLine(l.text, format)).length;
};

export const genericLabLayout: ReportLayout = {
  hint: 'lab-report',
  detect(text: PdfText): number {
    if (hasTable(text)) return 0.5;
    if (hasResultBlocks(text.pages)) return 0.45;
    return resultLines(text) >= 2 ? 0.4 : 0;
  },
  parse(text: PdfText, options: { labName?: string }): ParsedReport {
    const format = numberFormatOf(text.pages);
    const order = dateOrderOf(
      text.pages.flatMap((p) => p.lines.map((l) => l.text)),
      format.decimalComma,
    );
    const date = collectionDate(text, order);
    const lab = options.labName?.trim() || detectLab(text);
    const read = { lab, date, format };
    const results = hasTable(text)
      ? labResults(text.pages, { layout: table, ...read, order })
      : hasResultBlocks(text.pages)
        ? blockResults(text.pages, read)
        : listResults(text.pages, read);
    return { source: 'generic_lab_report', lab, patientName: patientName(text), date, results };
  },
};

import { labelled, personName, readDate, underHeading, type DateOrder } from '../fields';
import type { PdfText, TextLine } from '../text/types';
import { PdfReportError } from '../errors';

/** Labels of the specimen's collection date, most specific first. */
const COLLECTED = [
  /\b(?:date (?:and time )?collected|collection date(?:\/time)?|collected(?: on| at| date)?|specimen collected|date of collection|drawn|sample collection(?: date)?)\b/i,
  // German, French and Dutch labs: "Entnahme", "Prélevé le", "Afnamedatum".
  /(?:^|\s)(?:entnahme(?:datum|zeit)?|abnahme(?:datum)?|probenentnahme|date de pr[ée]l[èe]vement|pr[ée]lev[ée]e? le|pr[ée]l[èe]vement(?: du| le)?|afname(?:datum)?|datum afname)(?=\s|:|$)/i,
];
/** Other dates a report prints, when it has no collection date. */
const OTHER_DATES = [
  /\b(?:date received|received|date reported|reported|report date|date of service|registered(?: on)?)\b/i,
  /(?:^|\s)(?:eingang(?:sdatum)?|befunddatum|date d'[ée]dition|ontvangst(?:datum)?)(?=\s|:|$)/i,
];

/** The lines of the first page, where reports print patient and specimen details. */
const firstPage = (text: PdfText): TextLine[] => text.pages[0]?.lines ?? [];

/** The day the specimen was collected; another date of the report's header when none is labelled so. */
export function collectionDate(text: PdfText, order: DateOrder = {}): string {
  const lines = text.pages.flatMap((p) => p.lines);
  for (const label of [...COLLECTED, ...OTHER_DATES]) {
    const found = labelled(lines, label);
    const date = found && readDate(found.text, order);
    if (date) return date;
    // Reports that print their fields as a grid: the label a heading, the date under it.
    const under = underHeading(lines, label);
    const below = under && readDate(under.text, order);
    if (below) return below;
  }
  throw new PdfReportError(
    'no_results',
    'We found no date in this report, so we cannot tell when the specimen was collected. Enter the values by hand.',
  );
}

/** The patient's name: labelled ("Patient Name:"), or under a heading ("Patient Information"). */
export function patientName(text: PdfText, headings: readonly RegExp[] = []): string | null {
  const lines = firstPage(text);
  const found = labelled(
    lines,
    /^(?:patient name|patient's name|patient|name|nom|naam|patient\(e\)|patientin|patiënt)\s*(?=:)/i,
  );
  if (found && /\p{L}/u.test(found.text)) return personName(withoutTitle(found.text));
  for (const heading of headings) {
    const cell = underHeading(lines, heading);
    if (cell && /\p{L}/u.test(cell.text) && !/:/.test(cell.text)) return personName(withoutTitle(cell.text));
  }
  return null;
}

/** "Mrs. Ada Example", "Frau Ada Example", "M. Ben Carter" → the name alone. */
const withoutTitle = (name: string) =>
  name.trim().replace(/^(?:(?:mr|mrs|ms|miss|mx|dr|herr|frau|mme|mlle|dhr|mevr)\.?|m\.)\s+/i, '');

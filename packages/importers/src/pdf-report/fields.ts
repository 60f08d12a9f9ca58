import type { TextCell, TextLine } from './text/types';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (year: number, month: number, day: number): string | undefined => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return date.toISOString().slice(0, 10);
};

/** Two-digit years are this century up to next year, else the last. */
const fullYear = (year: number) =>
  year >= 100 ? year : year + (year <= (new Date().getUTCFullYear() % 100) + 1 ? 2000 : 1900);

export interface DateOrder {
  /** Slash dates are day first ("14/11/2026"): European, Australian and Indian reports. */
  dayFirst?: boolean;
}

/**
 * The first date in a text, as an ISO day: "11/14/2026", "11/14/26", "2026-11-14", "Nov 14, 2026",
 * "November 14, 2026", "14-Nov-2026", "14 Nov 2026", "14.11.2026", "14-11-2026". US reports write month before day; a
 * slash or dash date ("14-11-2026") whose first number is over 12, and any date with dots, is day first,
 * and so is every slash or dash date of a report `dayFirst` says writes them so.
 */
export function readDate(text: string, order: DateOrder = {}): string | undefined {
  let m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/.exec(text) ?? /\b(\d{1,2})-(\d{1,2})-(\d{4})\b/.exec(text);
  if (m) {
    const [a, b, year] = [+m[1]!, +m[2]!, fullYear(+m[3]!)];
    return order.dayFirst || a > 12 ? iso(year, b, a) : iso(year, a, b);
  }
  m = /\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})\b/.exec(text);
  if (m) return iso(fullYear(+m[3]!), +m[2]!, +m[1]!);
  m = /\b(\p{L}{3,9})\.? (\d{1,2}),? (\d{4})\b/u.exec(text);
  if (m && month(m[1]!)) return iso(+m[3]!, month(m[1]!)!, +m[2]!);
  m = /\b(\d{1,2})(?:[- /]|\.\s)(\p{L}{3,9})\.?[- /](\d{4}|\d{2})\b/u.exec(text);
  if (m && month(m[2]!)) return iso(fullYear(+m[3]!), month(m[2]!)!, +m[1]!);
  return undefined;
}

/**
 * Whether a document writes slash dates day first: one of them has a first number over 12 and none a
 * second number over 12, or it writes decimals with a comma (a European report).
 */
export function dateOrderOf(texts: readonly string[], decimalComma = false): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const text of texts) {
    for (const m of text.matchAll(/\b(\d{1,2})([/-])(\d{1,2})\2(?:\d{4}|\d{2})\b/g)) {
      if (+m[1]! > 12) dayFirst = true;
      if (+m[3]! > 12) monthFirst = true;
    }
  }
  return { dayFirst: (dayFirst && !monthFirst) || (decimalComma && !monthFirst) };
}

/** A cell that is only a date, maybe with a time: a column heading of a cumulative report. */
export const isDateCell = (text: string, order: DateOrder = {}): boolean =>
  readDate(text, order) !== undefined &&
  /^(?:\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}[- ][A-Za-z]{3}[- ]\d{2,4})(?:\s+\d{1,2}:\d{2})?$/.test(
    text.trim(),
  );

/** Month names and their abbreviations in English, German, French and Dutch, by their first letters. */
const OTHER_MONTHS: Record<string, number> = {
  jän: 1,
  janv: 1,
  fév: 2,
  fev: 2,
  févr: 2,
  mär: 3,
  mrz: 3,
  mars: 3,
  maa: 3,
  avr: 4,
  mai: 5,
  mei: 5,
  juin: 6,
  juil: 7,
  aoû: 8,
  aou: 8,
  okt: 10,
  dez: 12,
  déc: 12,
};

function month(name: string): number | undefined {
  const lower = name.toLowerCase();
  const i = MONTHS.indexOf(lower.slice(0, 3));
  if (i >= 0) return i + 1;
  return OTHER_MONTHS[lower.slice(0, 4)] ?? OTHER_MONTHS[lower.slice(0, 3)];
}

/**
 * What follows a label ("Collected:", "Date Collected") on its line: the rest of the label's cell, else
 * the next cells. Undefined when no line carries the label or nothing follows it.
 */
export function labelled(
  lines: readonly TextLine[],
  label: RegExp,
): { text: string; line: TextLine } | undefined {
  for (const line of lines) {
    for (let i = 0; i < line.cells.length; i++) {
      const cell = line.cells[i]!;
      const m = label.exec(cell.text);
      if (!m) continue;
      const rest = cell.text.slice(m.index + m[0].length).replace(/^\s*[:#]?\s*/, '');
      if (rest) return { text: rest, line };
      const next = line.cells[i + 1];
      if (next) return { text: next.text, line };
    }
  }
  return undefined;
}

/** The text right under a heading ("Patient Information") in the heading's column. */
export function underHeading(lines: readonly TextLine[], heading: RegExp): TextCell | undefined {
  for (let i = 0; i < lines.length - 1; i++) {
    const cell = lines[i]!.cells.find((c) => heading.test(c.text));
    if (!cell) continue;
    const below = lines[i + 1]!.cells.find((c) => Math.abs(c.x - cell.x) < 12);
    if (below) return below;
  }
  return undefined;
}

/** "CHEN, MEI" → "Mei Chen"; "Mei Chen" stays. Capitals become title case. */
export function personName(printed: string): string {
  const comma = /^([^,]+),\s*(.+)$/.exec(printed.trim());
  const name = comma ? `${comma[2]} ${comma[1]}` : printed.trim();
  // All capitals, or a surname in capitals after the given name ("Mei CHEN"): title case.
  const title = (word: string) => word.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  const words = name.split(/\s+/);
  const capitals = (word: string) => word.length > 1 && word === word.toUpperCase() && /\p{L}/u.test(word);
  return words.map((word) => (capitals(word) ? title(word) : word)).join(' ');
}

import type { PositionedText, TextCell, TextLine } from './types';

/** Runs of this many spaces inside one text run separate columns (a table printed with padding). */
const COLUMN_SPACES = /\s{3,}/g;
/** Two runs closer than this (× font size) are one cell: words of a name split into several runs. */
const SAME_CELL_GAP = 0.6;
/** Below this gap (× font size) two runs join without a space: one word split into runs. */
const NO_SPACE_GAP = 0.12;

/** A run split where it holds a wide gap of spaces, each part placed by its share of the run's width. */
function splitRun(run: PositionedText): PositionedText[] {
  const text = run.text;
  if (!COLUMN_SPACES.test(text)) return [run];
  COLUMN_SPACES.lastIndex = 0;
  const perChar = text.length > 0 ? run.width / text.length : 0;
  const parts: PositionedText[] = [];
  let start = 0;
  for (const gap of text.matchAll(COLUMN_SPACES)) {
    parts.push(part(run, start, gap.index, perChar));
    start = gap.index + gap[0].length;
  }
  parts.push(part(run, start, text.length, perChar));
  return parts.filter((p) => p.text.trim() !== '');
}

const part = (run: PositionedText, from: number, to: number, perChar: number): PositionedText => ({
  ...run,
  text: run.text.slice(from, to),
  x: run.x + from * perChar,
  width: (to - from) * perChar,
});

/**
 * Text runs grouped into lines by baseline (the tolerance takes in superscripts such as Labcorp's
 * lab-site numbers), each line's runs sorted left to right and merged into cells, so a table row reads
 * as its columns whatever order the PDF drew them in.
 */
export function toLines(page: number, runs: readonly PositionedText[]): TextLine[] {
  const sorted = runs
    .flatMap(splitRun)
    .filter((r) => r.text.trim() !== '' && Number.isFinite(r.x) && Number.isFinite(r.baseline))
    .sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const groups: PositionedText[][] = [];
  let current: PositionedText[] = [];
  let baseline = -Infinity;
  let size = 0;
  for (const run of sorted) {
    // Half a font size: a superscript raised by a third of one joins its line, the next line (a font
    // size and more below) never does.
    if (current.length > 0 && run.baseline - baseline > Math.max(2, 0.55 * Math.max(size, run.size))) {
      groups.push(current);
      current = [];
    }
    if (current.length === 0) {
      baseline = run.baseline;
      size = 0;
    }
    size = Math.max(size, run.size);
    current.push(run);
  }
  if (current.length > 0) groups.push(current);
  return groups.map((group, i) => toLine(page, i + 1, group));
}

function toLine(page: number, number: number, runs: PositionedText[]): TextLine {
  runs.sort((a, b) => a.x - b.x);
  const cells: TextCell[] = [];
  let last: { cell: TextCell; size: number } | undefined;
  for (const run of runs) {
    const text = run.text.trim();
    const lead = run.text.length - run.text.trimStart().length;
    const perChar = run.text.length > 0 ? run.width / run.text.length : 0;
    const x = run.x + lead * perChar;
    const right = x + text.length * perChar;
    const top = run.baseline - run.size * 0.8;
    const bottom = run.baseline + run.size * 0.25;
    const gap = last ? x - last.cell.right : Infinity;
    if (last && gap < SAME_CELL_GAP * Math.max(run.size, last.size)) {
      const cell = last.cell;
      cell.text += gap < NO_SPACE_GAP * run.size ? text : ` ${text}`;
      cell.right = Math.max(cell.right, right);
      cell.top = Math.min(cell.top, top);
      cell.bottom = Math.max(cell.bottom, bottom);
      continue;
    }
    const cell = { text, x, right, top, bottom };
    cells.push(cell);
    last = { cell, size: run.size };
  }
  return {
    page,
    number,
    top: Math.min(...cells.map((c) => c.top)),
    bottom: Math.max(...cells.map((c) => c.bottom)),
    cells,
    text: cells.map((c) => c.text).join(' '),
  };
}

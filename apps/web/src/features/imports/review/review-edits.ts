import type { ReportConfirm, ReportResult } from '@healthfolio/core';

/** What the person changed on one row: the value and unit as typed, and whether to leave it out. */
export interface RowEdit {
  value: string;
  unit: string;
  skip: boolean;
}

/** Edits by result id; a row without an entry is as read. */
export type Edits = Readonly<Record<string, RowEdit>>;

export interface RowErrors {
  value?: string;
  unit?: string;
}

type Correction = NonNullable<ReportConfirm['results']>[number];

/** The contract's limits (reportConfirmSchema). */
const MAX_VALUE_TEXT = 100;
const MAX_UNIT = 40;

export const initialEdit = (result: ReportResult): RowEdit => ({
  value: result.valueText,
  unit: result.unit ?? '',
  skip: false,
});

export const editOf = (result: ReportResult, edits: Edits): RowEdit =>
  edits[result.id] ?? initialEdit(result);

/** "105", "-2.5", "1,234.5", ".5"; not "<0.5" or "NEGATIVE". */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  const plain = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t);
  const grouped = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t);
  if (!plain && !grouped) return null;
  const n = Number(t.replaceAll(',', ''));
  return Number.isFinite(n) ? n : null;
}

const valueChanged = (result: ReportResult, edit: RowEdit) => edit.value.trim() !== result.valueText.trim();
const unitChanged = (result: ReportResult, edit: RowEdit) => edit.unit.trim() !== (result.unit ?? '').trim();

/** Why a row cannot be saved as typed: a changed value must be a number; the printed text may stay. */
export function rowErrors(result: ReportResult, edit: RowEdit): RowErrors {
  if (edit.skip) return {};
  const errors: RowErrors = {};
  const value = edit.value.trim();
  if (valueChanged(result, edit)) {
    if (value === '') errors.value = 'Enter a value, or leave this result out';
    else if (value.length > MAX_VALUE_TEXT) errors.value = `At most ${MAX_VALUE_TEXT} characters`;
    else if (parseNumber(value) === null)
      errors.value = `Enter a number, or keep the printed “${result.valueText}”`;
  }
  if (edit.unit.trim().length > MAX_UNIT) errors.unit = `At most ${MAX_UNIT} characters`;
  return errors;
}

export const hasErrors = (errors: RowErrors): boolean =>
  errors.value !== undefined || errors.unit !== undefined;

/** The names of the rows that cannot be saved as typed. */
export function invalidRows(results: readonly ReportResult[], edits: Edits): ReportResult[] {
  return results.filter((r) => hasErrors(rowErrors(r, editOf(r, edits))));
}

/** How many results a save writes: every one not left out. */
export const savedCount = (results: readonly ReportResult[], edits: Edits): number =>
  results.filter((r) => !editOf(r, edits).skip).length;

/**
 * The confirmation's body: only rows left out or changed, each with just what changed (the server keeps
 * the rest as read). A corrected value goes as the number and the text it was typed as.
 */
export function confirmBody(results: readonly ReportResult[], edits: Edits): ReportConfirm {
  const corrections: Correction[] = [];
  for (const result of results) {
    const edit = edits[result.id];
    if (!edit) continue;
    if (edit.skip) {
      corrections.push({ id: result.id, skip: true });
      continue;
    }
    const correction: Correction = { id: result.id };
    if (valueChanged(result, edit)) {
      correction.value = parseNumber(edit.value);
      correction.valueText = edit.value.trim();
    }
    if (unitChanged(result, edit)) correction.unit = edit.unit.trim() || null;
    if (Object.keys(correction).length > 1) corrections.push(correction);
  }
  return corrections.length > 0 ? { results: corrections } : {};
}

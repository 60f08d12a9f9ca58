import type { ManualEntryRequest } from '../queries';
import { i18n } from '../../../i18n';

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** "2026-11-22T09:30" for a datetime-local input, in the browser's zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A local date-time as ISO 8601 with the browser's offset at that moment: "2026-11-22T09:30:00-05:00". */
export function toIsoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${toLocalInput(date)}:${pad(date.getSeconds())}${zone}`;
}

/** A number as people type it: "80", "80.5", "80,5". */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

export interface EntryForm {
  kind: string;
  value: string;
  systolic: string;
  diastolic: string;
  unit: string;
  /** datetime-local value. */
  at: string;
  notes: string;
}

export type EntryCheck = { request: ManualEntryRequest } | { error: string };

/** Checks what the browser can and builds the request; plausibility is the server's to judge. */
export function buildEntryRequest(form: EntryForm, isPair: boolean, timeZone: string): EntryCheck {
  if (!form.kind) return { error: i18n.t('metrics:entry.errors.kind') };
  const at = new Date(form.at);
  if (!form.at || Number.isNaN(at.getTime())) return { error: i18n.t('metrics:entry.errors.when') };
  const base = {
    type: form.kind,
    start: toIsoWithOffset(at),
    timeZone,
    ...(form.unit ? { unit: form.unit } : {}),
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
  };
  if (isPair) {
    const systolic = parseNumber(form.systolic);
    const diastolic = parseNumber(form.diastolic);
    if (systolic === undefined) return { error: i18n.t('metrics:entry.errors.systolic') };
    if (diastolic === undefined) return { error: i18n.t('metrics:entry.errors.diastolic') };
    return { request: { ...base, systolic, diastolic } };
  }
  const value = parseNumber(form.value);
  if (value === undefined) return { error: i18n.t('metrics:entry.errors.value') };
  return { request: { ...base, value } };
}

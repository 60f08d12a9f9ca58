import { Utils } from '@garmin/fitsdk';

/** A decoded FIT message as the SDK hands it over: field names in camelCase, enums as strings. */
export type FitMesg = Readonly<Record<string, unknown>>;

/** One decoded message with its global message name ("record", "session" …), in file order. */
export interface FitMessage {
  name: string;
  mesg: FitMesg;
}

/** A finite number field; undefined when it is missing or not a number. */
export function num(mesg: FitMesg, field: string): number | undefined {
  const v = mesg[field];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A text field, trimmed (a number field as its digits); undefined when it is missing or blank. */
export function str(mesg: FitMesg, field: string): string | undefined {
  const v = mesg[field];
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return typeof v === 'number' ? String(v) : undefined;
}

/** Epoch ms of a FIT date_time field: the SDK gives a Date, or FIT-epoch seconds when asked not to. */
export function timeMs(mesg: FitMesg, field: string): number | undefined {
  const v = mesg[field];
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.getTime();
  if (typeof v === 'number' && Number.isFinite(v)) return v * 1000 + Utils.FIT_EPOCH_MS;
  return undefined;
}

/** FIT-epoch seconds of a local_date_time field, which the SDK leaves as a plain number. */
export function localSeconds(mesg: FitMesg, field: string): number | undefined {
  const v = mesg[field];
  if (v instanceof Date) return Math.round((v.getTime() - Utils.FIT_EPOCH_MS) / 1000);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** "crossCountrySkiing" → "cross_country_skiing": the SDK's enum names, spelled like our other sources. */
export const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Whole seconds of epoch ms, rounded down: the unit of originIds. */
export const seconds = (ms: number) => Math.floor(ms / 1000);

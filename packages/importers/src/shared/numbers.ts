/**
 * A number as a CSV cell writes it where the decimal separator may be a comma ("5,8" in mmol/L exports
 * of some locales); NaN for a blank cell or text.
 */
export const readNumber = (text: string): number =>
  /^-?\d+(,\d+)?$/.test(text) ? Number(text.replace(',', '.')) : text === '' ? NaN : Number(text);

/**
 * A number as a CSV cell writes it with thousands separators ("1,234.5", quoted in the file) or without
 * ("1234.5"); undefined for a blank cell or text.
 */
export function groupedNumber(text: string): number | undefined {
  const t = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

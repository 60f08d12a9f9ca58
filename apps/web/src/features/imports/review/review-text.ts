import { metricLabel, type ReportResult } from '@healthfolio/core';
import { currentLocale, i18n } from '../../../i18n';

const formatters = new Map<string, { number: Intl.NumberFormat; day: Intl.DateTimeFormat }>();

/** The number and day formats of the current language; English keeps the US lab style ("Nov 12, 2026"). */
function formats() {
  const locale = currentLocale();
  let found = formatters.get(locale);
  if (!found) {
    const tag = locale === 'en' ? 'en-US' : locale;
    found = {
      number: new Intl.NumberFormat(tag, { maximumFractionDigits: 4 }),
      day: new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }),
    };
    formatters.set(locale, found);
  }
  return found;
}

/** The catalogue kind a result was matched to, as a caption under its printed name. */
export function kindCaption(kind: string): string {
  if (kind === 'custom') return i18n.t('review:text.custom');
  return metricLabel(kind, currentLocale());
}

/** The range as the lab printed it when it did, else from its bounds: "65–99", "≤ 200", "≥ 39". */
export function rangeText(range: ReportResult['referenceRange']): string {
  if (!range) return '';
  if (range.text) return range.text;
  const { low, high } = range;
  const { number } = formats();
  if (low !== undefined && high !== undefined) return `${number.format(low)}–${number.format(high)}`;
  if (high !== undefined) return `≤ ${number.format(high)}`;
  return low !== undefined ? `≥ ${number.format(low)}` : '';
}

/** A plain ISO date as a local calendar day: "2026-11-12" → "Nov 12, 2026". */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return formats().day.format(new Date(y, m - 1, d));
}

/** "Save 12 results", "Save 1 result". */
export const saveLabel = (count: number): string => i18n.t('review:text.save', { count });

/**
 * "Review 12 results" — on the Sources page's import card, which may render before anything has asked for
 * this namespace: it is asked for here, and English stands in until it has come.
 */
export function reviewLabel(count: number): string {
  if (!i18n.hasLoadedNamespace('review')) void i18n.loadNamespaces('review');
  return i18n.t('review:text.review', {
    count,
    defaultValue: `Review ${count} result${count === 1 ? '' : 's'}`,
  });
}

/** "Quest Diagnostics · Nov 12, 2026", when every result shares its lab and date. */
export function reportHeadline(results: readonly ReportResult[]): string {
  const labs = new Set(results.map((r) => r.lab).filter(Boolean));
  const dates = new Set(results.map((r) => r.date));
  const parts: string[] = [];
  if (labs.size === 1) parts.push([...labs][0]!);
  if (dates.size === 1) parts.push(formatDay([...dates][0]!));
  else if (dates.size > 1) parts.push(i18n.t('review:text.dates', { count: dates.size }));
  return parts.join(' · ');
}

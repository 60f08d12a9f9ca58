import { metricLabel } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { currentLocale, i18n } from '../../i18n';

/**
 * Names the web shows for core's ids, in the current language (issue 22). Kind names are core's one table
 * (`metricLabel`, shared with the server's insight text); categories and unit words are the web's own, in
 * the `metrics` namespace, falling back to core's words.
 */

/** A metric kind's name: "Resting heart rate", "Frecuencia cardiaca en reposo". */
export function kindLabel(kind: string): string {
  return metricLabel(kind, currentLocale());
}

/** A dashboard category's name: "Activity", "Vitals", … ; an unknown one as it is. */
export function categoryLabel(category: string): string {
  const key = `metrics:categories.${category}`;
  return i18n.exists(key) ? i18n.t(key) : category;
}

/** A display unit's word ("steps", "floors"); unit symbols (kg, bpm) are not translated. */
export function unitWord(unit: string): string {
  const key = `metrics:units.${unit}`;
  return unit && i18n.exists(key) ? i18n.t(key) : unit;
}

/** "today", "yesterday", "3 days ago", "3 weeks ago", "2 months ago", "1 year ago" — in the current language. */
export function ageText(days: number): string {
  const auto = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  const always = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'always' });
  if (days <= 0) return auto.format(0, 'day');
  if (days === 1) return auto.format(-1, 'day');
  if (days < 14) return always.format(-days, 'day');
  if (days < 60) return always.format(-Math.floor(days / 7), 'week');
  if (days < 365) return always.format(-Math.floor(days / 30), 'month');
  return always.format(-Math.floor(days / 365), 'year');
}

/**
 * For components outside the metric pages that show kind or category names: loads the `metrics` words
 * (and re-renders when the language changes) and returns the lookups.
 */
export function useMetricWords() {
  useTranslation('metrics');
  return { kindLabel, categoryLabel, unitWord, ageText };
}

/**
 * The engine speaks the person's language (issue 22): `words(language, today)` gives a rule its sentences
 * (en.ts, es.ts, de.ts) and formatters bound to the language — numbers, days, kind names — so a finding is
 * told in one language throughout. English is the reference: the other languages are typed by it.
 */
import { metricLabel, type UnitSystem } from '@healthfolio/core';
import { formatDay } from '../shared/days';
import { decimalsFor, formatNumber, formatP, formatPercent, formatValue, rateUnit } from '../shared/format';
import { kindLabel, kindNoun } from '../shared/kinds';
import { de } from './de';
import { en, type Phrases } from './en';
import { es } from './es';

export type Language = 'en' | 'es' | 'de';
export type { Phrases } from './en';

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', de: 'de-DE' };
const PHRASES: Record<Language, Phrases> = { en, es, de };
const DAY_MS = 86_400_000;

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'es' || value === 'de';
}

export interface Words {
  readonly language: Language;
  readonly today: number;
  readonly say: Phrases;
  number(value: number, precision?: number): string;
  value(kind: string, value: number, system?: UnitSystem): string;
  /** The size of a change without its sign. */
  amount(kind: string, delta: number): string;
  /** "+0.17 bpm a day", "−0.35 kg a week". */
  rate(kind: string, perDay: number, per?: 'day' | 'week'): string;
  percent(fraction: number, precision?: number): string;
  p(p: number): string;
  /** "12 May", "12 may", "12. Mai" — with the year when it is not today's. */
  day(day: number): string;
  /** The kind's name as a heading: "Resting heart rate". */
  label(kind: string): string;
  /** The kind's name inside a sentence: "resting heart rate" (German keeps its capital). */
  noun(kind: string): string;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function localDay(locale: string, day: number, today: number): string {
  const date = new Date(day * DAY_MS);
  const withYear = date.getUTCFullYear() !== new Date(today * DAY_MS).getUTCFullYear();
  const key = `${locale}:${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    dayFormats.set(key, format);
  }
  return format.format(date);
}

/** A rule's words in `language` (English when unset or unknown). */
export function words(language: string | undefined, today: number): Words {
  const lang: Language = isLanguage(language) ? language : 'en';
  const locale = LOCALES[lang];
  const say = PHRASES[lang];
  const english = lang === 'en';
  const label = (kind: string) => (english ? kindLabel(kind) : metricLabel(kind, lang));
  return {
    language: lang,
    today,
    say,
    number: (value, precision = 1) => formatNumber(value, precision, locale),
    value: (kind, value, system = 'metric') => formatValue(kind, value, system, locale),
    amount: (kind, delta) => formatValue(kind, Math.abs(delta), 'metric', locale),
    rate: (kind, perDay, per = 'day') => {
      const value = per === 'week' ? perDay * 7 : perDay;
      const unit = rateUnit(kind);
      const text = `${value > 0 ? '+' : ''}${formatNumber(value, decimalsFor(value), locale)}${unit ? ` ${unit}` : ''}`;
      return per === 'week' ? say.perWeek(text) : say.perDay(text);
    },
    percent: (fraction, precision = 1) => formatPercent(fraction, precision, locale),
    p: (p) => formatP(p, locale),
    day: (day) => (english ? formatDay(day, today) : localDay(locale, day, today)),
    label,
    noun: (kind) => {
      if (english) return kindNoun(kind);
      const name = label(kind);
      if (lang === 'de') return name;
      const [first = '', second = ''] = name;
      return second === second.toLowerCase() ? first.toLowerCase() + name.slice(1) : name;
    },
  };
}

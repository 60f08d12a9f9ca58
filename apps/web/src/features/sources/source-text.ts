import {
  sourceCategories,
  type ConnectionStatus,
  type DataSource,
  type SourceCategory,
  type SyncStatus,
} from '@healthfolio/core';
import { currentLocale, i18n } from '../../i18n';
// The small words module, not the metrics barrel: the Sources page does not load the Dashboard.
import { kindLabel } from '../metrics/words';

/** A category's heading, in the current language. */
export const categoryLabel = (category: SourceCategory): string => i18n.t(`sources:category.${category}`);

/** A connection's state in words: Not connected, Connected, Syncing or Needs attention. */
export const statusLabel = (status: ConnectionStatus): string => i18n.t(`sources:status.${status}`);

/** A key of the sources words, or the server's own text when this build does not know the key. */
function wordsOr(key: string, fallback: string): string {
  return i18n.exists(`sources:${key}`) ? i18n.t(`sources:${key}`) : fallback;
}

/** The source's name: a provider's brand stays as it is; the generic kinds ("Other lab report") translate. */
export const sourceName = (source: Pick<DataSource, 'kind' | 'name'>): string =>
  wordsOr(`catalogue.${source.kind}.name`, source.name);

/** What a source brings, in the current language (the server's English for a kind this build lacks). */
export const sourceBrings = (source: Pick<DataSource, 'kind' | 'brings'>): string =>
  wordsOr(`catalogue.${source.kind}.brings`, source.brings);

/** The export a person can import instead, in the current language. */
export const sourceFile = (source: Pick<DataSource, 'kind' | 'fileFallback'>): string | null =>
  source.fileFallback === null ? null : wordsOr(`catalogue.${source.kind}.file`, source.fileFallback);

/** Sources that connect to an account (OAuth or a password); the rest bring their data by file. */
export const connects = (source: Pick<DataSource, 'connectMethod'>): boolean =>
  source.connectMethod === 'oauth' || source.connectMethod === 'credentials';

/** Sources whose name or what they bring contains the search, ignoring case and accents. */
export function filterSources(sources: readonly DataSource[], search: string): DataSource[] {
  const needle = fold(search.trim());
  if (!needle) return [...sources];
  return sources.filter((s) =>
    fold(`${s.name} ${s.brings} ${sourceName(s)} ${sourceBrings(s)}`).includes(needle),
  );
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Sources by category in the page's order; empty categories are left out. */
export function groupByCategory(
  sources: readonly DataSource[],
): { category: SourceCategory; label: string; sources: DataSource[] }[] {
  return sourceCategories
    .map((category) => ({
      category,
      label: categoryLabel(category),
      sources: sources.filter((s) => s.category === category),
    }))
    .filter((group) => group.sources.length > 0);
}

/** "OU" for Oura, "ES" for Eight Sleep, "OH" for "Oracle Health (Cerner)". */
export function initials(name: string): string {
  const words = name.replace(/\(.*?\)/g, ' ').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}

export const formatCount = (n: number): string => n.toLocaleString(currentLocale());
/** Plural words with the count formatted for the locale: `counted('sync.pages', 12)` → "12 pages". */
const counted = (key: string, n: number): string => i18n.t(`sources:${key}`, { count: n, n: formatCount(n) });

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", "on Nov 2, 2026". */
export function timeAgo(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return i18n.t('sources:time.justNow');
  if (minutes < 60) return counted('time.minutes', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return counted('time.hours', hours);
  const days = Math.floor(hours / 24);
  if (days < 30) return counted('time.days', days);
  return i18n.t('sources:time.onDate', { date: formatDate(iso) });
}

/** "Synced 5 minutes ago", or "Not synced yet". */
export const lastSyncText = (lastSync: string | null, now: number): string =>
  lastSync ? i18n.t('sources:sync.last', { ago: timeAgo(lastSync, now) }) : i18n.t('sources:sync.never');

/** "Syncing: 12 pages, 34,567 samples so far", or "Waiting to sync…" before the first page. */
export function progressText(status: SyncStatus | undefined): string {
  if (!status || status.state === 'queued') return i18n.t('sources:sync.waiting');
  const { pages, samples } = status.progress;
  if (pages === 0) return i18n.t('sources:sync.asking');
  return i18n.t('sources:sync.progress', {
    pages: counted('sync.pages', pages),
    samples: counted('sync.samples', samples),
  });
}

export const formatDate = (iso: string | null): string =>
  iso ? new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(new Date(iso)) : '—';
export const formatDateTime = (iso: string | null): string =>
  iso
    ? new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      )
    : '—';

/** A metric kind as the Dashboard names it: "heart_rate" → "Heart rate". */
export function metricLabel(kind: string): string {
  const label = kindLabel(kind);
  if (label !== kind) return label;
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Up to 2 years back", "Up to 90 days back". */
export function backfillText(days: number | null): string {
  if (days === null) return i18n.t('sources:backfill.none');
  if (days >= 365 && days % 365 === 0) return counted('backfill.years', days / 365);
  return counted('backfill.days', days);
}

/** "every hour", "every 3 hours", "every 30 minutes". */
export function everyText(minutes: number): string {
  if (minutes % 60 === 0)
    return minutes === 60
      ? i18n.t('sources:every.hour')
      : i18n.t('sources:every.hours', { n: formatCount(minutes / 60) });
  return counted('every.minutes', minutes);
}

/** A sync run's outcome as people say it; the server's own word for a status this build does not know. */
export const runStatusLabel = (status: string): string => wordsOr(`run.${status}`, status);

/** "Oura export" style wording for the fallback link: the person's way in without an account. */
export function importInsteadText(source: Pick<DataSource, 'kind' | 'name' | 'connectMethod'>): string {
  const name = sourceName(source);
  return connects(source)
    ? i18n.t('sources:importInstead.export', { name })
    : i18n.t('sources:importInstead.file', { name });
}

/** What a card says about platforms without a server API (issue 7: Health Connect), or undefined. */
export const sourceNote = (kind: DataSource['kind']): string | undefined =>
  kind === 'fitbit' || kind === 'google_health_connect' ? i18n.t(`sources:notes.${kind}`) : undefined;

/** Whether a source belongs under "Your sources": connected, or holding any of the person's data. */
export const isYours = (source: DataSource): boolean =>
  source.status !== 'disconnected' || (source.data?.samples ?? 0) + (source.data?.records ?? 0) > 0;

/** "12,345 readings · 40 records · last data 2 days ago", or null when it holds nothing yet. */
export function holdingText(source: DataSource, now: number): string | null {
  const data = source.data;
  if (!data || data.samples + data.records === 0) return null;
  const parts: string[] = [];
  if (data.samples > 0) parts.push(counted('holding.readings', data.samples));
  if (data.records > 0) parts.push(counted('holding.records', data.records));
  if (data.lastDataAt) parts.push(i18n.t('sources:holding.lastData', { ago: timeAgo(data.lastDataAt, now) }));
  return parts.join(' · ');
}

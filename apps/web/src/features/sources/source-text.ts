import {
  getMetric,
  sourceCategories,
  type ConnectionStatus,
  type DataSource,
  type SourceCategory,
  type SyncStatus,
} from '@healthfolio/core';

/** The category headings, in the order the page shows them. */
export const categoryLabels: Record<SourceCategory, string> = {
  wearable: 'Wearables and fitness',
  glucose: 'Glucose monitors',
  lab: 'Labs and body scans',
  clinical: 'Clinical records',
  nutrition: 'Nutrition',
  platform: 'Health platforms',
  other: 'Other devices and apps',
};

export const statusLabels: Record<ConnectionStatus, string> = {
  disconnected: 'Not connected',
  connected: 'Connected',
  syncing: 'Syncing',
  error: 'Needs attention',
};

/** Sources that connect to an account (OAuth or a password); the rest bring their data by file. */
export const connects = (source: Pick<DataSource, 'connectMethod'>): boolean =>
  source.connectMethod === 'oauth' || source.connectMethod === 'credentials';

/** Sources whose name or what they bring contains the search, ignoring case and accents. */
export function filterSources(sources: readonly DataSource[], search: string): DataSource[] {
  const needle = fold(search.trim());
  if (!needle) return [...sources];
  return sources.filter((s) => fold(`${s.name} ${s.brings}`).includes(needle));
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Sources by category in the page's order; empty categories are left out. */
export function groupByCategory(
  sources: readonly DataSource[],
): { category: SourceCategory; label: string; sources: DataSource[] }[] {
  return sourceCategories
    .map((category) => ({
      category,
      label: categoryLabels[category],
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

const count = new Intl.NumberFormat('en-US');
export const formatCount = (n: number): string => count.format(n);
const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", "on Nov 2, 2026". */
export function timeAgo(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${plural(days, 'day')} ago`;
  return `on ${dateOnly.format(new Date(at))}`;
}

/** "Synced 5 minutes ago", or "Not synced yet". */
export const lastSyncText = (lastSync: string | null, now: number): string =>
  lastSync ? `Synced ${timeAgo(lastSync, now)}` : 'Not synced yet';

/** "Syncing: 12 pages, 34,567 samples so far", or "Waiting to sync…" before the first page. */
export function progressText(status: SyncStatus | undefined): string {
  if (!status || status.state === 'queued') return 'Waiting to start syncing…';
  const { pages, samples } = status.progress;
  if (pages === 0) return 'Syncing: asking the provider…';
  return `Syncing: ${plural(pages, 'page')}, ${plural(samples, 'sample')} so far`;
}

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string | null): string => (iso ? dateOnly.format(new Date(iso)) : '—');
export const formatDateTime = (iso: string | null): string => (iso ? dateTime.format(new Date(iso)) : '—');

/** A metric kind as the Dashboard names it: "heart_rate" → "Heart rate". */
export function metricLabel(kind: string): string {
  const label = getMetric(kind)?.label;
  if (label) return label;
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "up to 2 years back", "up to 90 days back". */
export function backfillText(days: number | null): string {
  if (days === null) return 'No limit known';
  if (days >= 365 && days % 365 === 0) return `Up to ${plural(days / 365, 'year')} back`;
  return `Up to ${plural(days, 'day')} back`;
}

/** "every hour", "every 3 hours", "every 30 minutes". */
export function everyText(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;
  return `every ${plural(minutes, 'minute')}`;
}

/** A sync run's outcome as people say it. */
export const runStatusLabels: Record<string, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  interrupted: 'Interrupted (resumes on restart)',
};

export const runStatusLabel = (status: string): string => runStatusLabels[status] ?? status;

/** "Oura export" style wording for the fallback link: the person's way in without an account. */
export function importInsteadText(source: Pick<DataSource, 'name' | 'connectMethod'>): string {
  return connects(source)
    ? `No account? Import your ${source.name} export instead`
    : `Import your ${source.name} file`;
}

/** What a card says about platforms without a server API (issue 7: Health Connect). */
export const sourceNotes: Partial<Record<DataSource['kind'], string>> = {
  fitbit:
    'Health Connect (Android) has no server API. Its data arrives through this connection (Fitbit and the Google Health API), a Google Takeout import, or the Health Connect source’s ingest URL.',
  google_health_connect:
    'Health Connect keeps its data on the phone and has no server API. An exporter app on the phone posts to your personal ingest URL; or connect Fitbit (the Google Health API), or import a Google Takeout export.',
};

/** Whether a source belongs under "Your sources": connected, or holding any of the person's data. */
export const isYours = (source: DataSource): boolean =>
  source.status !== 'disconnected' || (source.data?.samples ?? 0) + (source.data?.records ?? 0) > 0;

/** "12,345 readings · 40 records · last data 2 days ago", or null when it holds nothing yet. */
export function holdingText(source: DataSource, now: number): string | null {
  const data = source.data;
  if (!data || data.samples + data.records === 0) return null;
  const parts: string[] = [];
  if (data.samples > 0)
    parts.push(`${formatCount(data.samples)} ${data.samples === 1 ? 'reading' : 'readings'}`);
  if (data.records > 0)
    parts.push(`${formatCount(data.records)} ${data.records === 1 ? 'record' : 'records'}`);
  if (data.lastDataAt) parts.push(`last data ${timeAgo(data.lastDataAt, now)}`);
  return parts.join(' · ');
}

import type { ClinicalCategory, ClinicalRecord } from '@healthfolio/core';
import { currentLocale, i18n } from '../../i18n';

/** The sections of the view, in the order a chart reads. */
export const SECTIONS: readonly { category: ClinicalCategory }[] = [
  { category: 'condition' },
  { category: 'procedure' },
  { category: 'medication' },
  { category: 'immunization' },
  { category: 'allergy' },
  { category: 'encounter' },
];

/** "Mar 10, 2024", "Jan 10, 2019 – Jan 24, 2019", or "No date". */
export function recordDates(record: Pick<ClinicalRecord, 'recordedAt' | 'endedAt'>): string {
  if (record.recordedAt === null)
    return record.endedAt === null
      ? i18n.t('clinical:dates.none')
      : i18n.t('clinical:dates.until', { date: format(record.endedAt) });
  const start = format(record.recordedAt);
  if (record.endedAt === null) return start;
  const end = format(record.endedAt);
  return end === start ? start : `${start} – ${end}`;
}

const format = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(new Date(iso));

/** A condition's dates as a chart reads them: "Onset Jun 1, 2019", "Onset Feb 11, 2021 · ended Mar 1, 2022". */
export function conditionDates(record: Pick<ClinicalRecord, 'recordedAt' | 'endedAt'>): string {
  const onset =
    record.recordedAt === null
      ? i18n.t('clinical:dates.onsetUnknown')
      : i18n.t('clinical:dates.onset', { date: format(record.recordedAt) });
  return record.endedAt === null
    ? onset
    : `${onset} · ${i18n.t('clinical:dates.ended', { date: format(record.endedAt) })}`;
}

export type ChipColor = 'success' | 'warning' | 'error' | 'info' | 'default';

const STATUS_COLORS: Record<string, ChipColor> = {
  active: 'success',
  recurrence: 'warning',
  relapse: 'warning',
  'in-progress': 'info',
  'on-hold': 'warning',
  draft: 'info',
  planned: 'info',
  arrived: 'info',
  triaged: 'info',
  'not-done': 'warning',
  cancelled: 'default',
  stopped: 'default',
};

/** A status as people read it ("In progress") and the chip colour that goes with it. */
export function statusChip(status: string): { label: string; color: ChipColor } {
  const key = status.toLowerCase();
  const words = key.replace(/[-_]/g, ' ');
  // A FHIR status code in the current language; an unknown code as the server wrote it, capitalised.
  const label = i18n.exists(`clinical:status.${key}`)
    ? i18n.t(`clinical:status.${key}`)
    : words.charAt(0).toUpperCase() + words.slice(1);
  return { label, color: STATUS_COLORS[key] ?? 'default' };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The one line under a record's name that a person looks for: the dosage of a medication, the
 * reactions of an allergy, where an encounter or procedure took place, the lot of a vaccine.
 */
export function recordSummary(record: ClinicalRecord): string | undefined {
  const d = record.detail;
  const parts: (string | undefined)[] = [];
  switch (record.category) {
    case 'medication':
      parts.push(
        strings(d.dosage)[0],
        text(d.requester) && i18n.t('clinical:summary.prescribedBy', { name: text(d.requester) }),
      );
      break;
    case 'allergy': {
      const reactions = Array.isArray(d.reactions) ? (d.reactions as Record<string, unknown>[]) : [];
      const first = reactions[0];
      const manifestations = strings(first?.manifestations).join(', ');
      const severity = text(first?.severity);
      if (manifestations) parts.push(severity ? `${manifestations} (${severity})` : manifestations);
      const criticality = text(d.criticality);
      if (criticality && criticality !== 'unable-to-assess')
        parts.push(i18n.t('clinical:summary.criticality', { level: criticality }));
      break;
    }
    case 'encounter':
      parts.push(text(d.class) !== record.display ? text(d.class) : undefined);
      parts.push(strings(d.locations)[0] ?? text(d.serviceProvider));
      break;
    case 'procedure':
      parts.push(strings(d.performers)[0], text(d.location));
      break;
    case 'immunization':
      parts.push(
        text(d.dose),
        text(d.site),
        text(d.lotNumber) && i18n.t('clinical:summary.lot', { lot: text(d.lotNumber) }),
      );
      break;
    case 'condition':
      parts.push(text(d.severity), strings(d.bodySites)[0]);
      break;
  }
  const line = parts.filter((p): p is string => !!p).join(' · ');
  return line === '' ? undefined : line;
}

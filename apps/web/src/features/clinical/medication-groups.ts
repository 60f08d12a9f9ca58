import type { ClinicalRecord } from '@healthfolio/core';
import { currentLocale, i18n } from '../../i18n';

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

interface Coding {
  system?: string;
  code?: string;
  display?: string;
}

const rxnormCoding = (record: ClinicalRecord): Coding | undefined => {
  const codes = Array.isArray(record.detail.codes) ? (record.detail.codes as Coding[]) : [];
  return codes.find((c) => c.system === RXNORM && typeof c.code === 'string');
};

/** RxNorm's dose forms and units as a person says them. */
const FORMS: [RegExp, string][] = [
  [/\bExtended Release Oral Tablet\b/i, 'extended-release tablet'],
  [/\bDelayed Release Oral Tablet\b/i, 'delayed-release tablet'],
  [/\bOral Tablet\b/i, 'tablet'],
  [/\bOral Capsule\b/i, 'capsule'],
  [/\bOral Solution\b/i, 'oral solution'],
  [/\bMetered Dose Inhaler\b/i, 'inhaler'],
  [/\bInjectable Solution\b/i, 'injection'],
  [/\bTopical Cream\b/i, 'cream'],
  [/\bMG\/ACTUAT\b/g, 'mg per puff'],
  [/\bMG\/ML\b/g, 'mg/mL'],
  [/\bMG\b/g, 'mg'],
  [/\bMCG\b/g, 'mcg'],
  [/\bML\b/g, 'mL'],
];

/**
 * An RxNorm clinical drug name made readable: "24 HR metformin hydrochloride 500 MG Extended Release Oral
 * Tablet" → "Metformin hydrochloride 500 mg extended-release tablet". Only names that are RxNorm's own
 * display are rewritten; a name the record gives in its own words (an EHR's text, the VA's) stays as it is.
 */
export function readableDrugName(record: ClinicalRecord): string {
  const coding = rxnormCoding(record);
  // A display that is only the code ("860975") says nothing: RxNorm's display names the drug.
  const raw =
    coding && /^\d+$/.test(record.display.trim()) && coding.display ? coding.display : record.display;
  if (!coding?.display || raw !== coding.display) return raw;
  let name = raw.replace(/^\d+ (HR|ACTUAT|DAY) /i, '');
  for (const [pattern, words] of FORMS) name = name.replace(pattern, words);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** One drug, however many prescriptions and refills of it the record holds. */
export interface MedicationGroup {
  key: string;
  name: string;
  /** Newest first. */
  records: ClinicalRecord[];
  /** ISO instants: the first prescription, and the last day covered (null while it is ongoing). */
  from: string | null;
  to: string | null;
  active: boolean;
  /** Refills each prescription allowed, when the record says. */
  refillsAllowed: number | undefined;
}

const isActive = (record: ClinicalRecord) => record.status?.toLowerCase() === 'active';

/** Medication records grouped by drug (RxNorm code, else name), the drug taken most recently first. */
export function groupMedications(records: readonly ClinicalRecord[]): MedicationGroup[] {
  const groups = new Map<string, ClinicalRecord[]>();
  for (const record of records) {
    const code = rxnormCoding(record)?.code;
    const key = code ? `rxnorm:${code}` : `name:${readableDrugName(record).toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  const out = [...groups.entries()].map(([key, list]): MedicationGroup => {
    const sorted = [...list].sort((a, b) => (b.recordedAt ?? '').localeCompare(a.recordedAt ?? ''));
    const starts = sorted.map((r) => r.recordedAt).filter((d): d is string => d !== null);
    const ends = sorted.map((r) => r.endedAt ?? r.recordedAt).filter((d): d is string => d !== null);
    const active = sorted.some(isActive);
    const refills = sorted.map((r) => r.detail.refills).find((n): n is number => typeof n === 'number');
    return {
      key,
      name: readableDrugName(sorted[0]!),
      records: sorted,
      from: starts.length > 0 ? starts.reduce((a, b) => (a < b ? a : b)) : null,
      to: active || ends.length === 0 ? null : ends.reduce((a, b) => (a > b ? a : b)),
      active,
      refillsAllowed: refills,
    };
  });
  const latest = (g: MedicationGroup) => g.records[0]?.recordedAt ?? '';
  return out.sort((a, b) => Number(b.active) - Number(a.active) || latest(b).localeCompare(latest(a)));
}

/** "Apr 2015 – now", "Jan 2019 – Mar 2020", "Since Apr 2015"… and how often it was prescribed. */
export function medicationLine(group: MedicationGroup): string {
  const month = new Intl.DateTimeFormat(currentLocale(), { month: 'short', year: 'numeric' });
  const from = group.from ? month.format(new Date(group.from)) : undefined;
  const to = group.to ? month.format(new Date(group.to)) : undefined;
  const span = !from
    ? i18n.t('clinical:dates.none')
    : group.active
      ? i18n.t('clinical:dates.now', { from })
      : !to || to === from
        ? from
        : `${from} – ${to}`;
  const count = group.records.length;
  const prescribed =
    count === 1
      ? i18n.t('clinical:medication.once')
      : i18n.t('clinical:medication.times', { n: count.toLocaleString(currentLocale()) });
  const allowed = group.refillsAllowed;
  const refills =
    allowed === undefined
      ? ''
      : ` · ${i18n.t(count === 1 ? 'clinical:medication.refills' : 'clinical:medication.refillsEach', {
          count: allowed,
          n: allowed.toLocaleString(currentLocale()),
        })}`;
  return `${span} · ${prescribed}${refills}`;
}

import type { SleepNightDetail, SleepStage } from '@healthfolio/core';
import { currentLocale, i18n } from '../../i18n';

/** A stage's name in the current language: "Deep", "Core (light)", "REM", "Awake", "Asleep". */
export const stageLabel = (stage: SleepStage): string => i18n.t(`sleep:stages.${stage}`);

/** Rows of the hypnogram, top to bottom. A night without stages has only Awake and Asleep. */
const STAGE_ROWS: readonly SleepStage[] = ['awake', 'rem', 'core', 'deep'];
const UNSTAGED_ROWS: readonly SleepStage[] = ['awake', 'asleep'];

export interface HypnogramBlock {
  stage: SleepStage;
  row: number;
  /** Fractions of the night, 0 at bedtime and 1 at wake. */
  x0: number;
  x1: number;
  minutes: number;
}

/** Whether the tracker scored stages for the night (else its stretches are "asleep" only). */
export const isStaged = (night: SleepNightDetail) =>
  night.segments.some((s) => s.stage === 'deep' || s.stage === 'core' || s.stage === 'rem');

/**
 * The night's segments as blocks on the hypnogram's rows. An unstaged stretch in a staged night (rare:
 * two kinds of record in one night) sits on the Core row.
 */
export function hypnogram(night: SleepNightDetail): {
  rows: { stage: SleepStage; label: string }[];
  blocks: HypnogramBlock[];
} {
  const staged = isStaged(night);
  const rows = (staged ? STAGE_ROWS : UNSTAGED_ROWS).map((stage) => ({ stage, label: stageLabel(stage) }));
  const t0 = Date.parse(night.bedtime);
  const span = Date.parse(night.wake) - t0 || 1;
  const blocks = night.segments.map((s) => {
    const stage = staged && s.stage === 'asleep' ? 'core' : s.stage;
    const a = Date.parse(s.start);
    const b = Date.parse(s.end);
    return {
      stage: s.stage,
      row: rows.findIndex((r) => r.stage === stage),
      x0: (a - t0) / span,
      x1: (b - t0) / span,
      minutes: Math.round((b - a) / 60_000),
    };
  });
  return { rows, blocks };
}

/** "22:30", the local clock time an ISO string with an offset names. */
export const clockOf = (iso: string) => iso.slice(11, 16);

/** A date (YYYY-MM-DD) as its short weekday, day and month in the person's language. */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat(currentLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

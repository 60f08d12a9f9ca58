import type { FitReadings } from './readings';
import { fitSample, type FitFileContext } from './file-context';
import { seconds, str, timeMs, type FitMessage } from '../shared/fit-values';

const ASLEEP = new Set(['light', 'deep', 'rem']);

/** Why a stretch of a level that is not sleep is left out, by level. */
const NOT_SLEEP: Partial<Record<string, string>> = {
  awake: 'time awake in the night: Healthfolio keeps the stretches asleep (light, deep, rem)',
  unmeasurable: 'the watch could not tell the sleep level (not worn, or too little signal)',
};

/**
 * A sleep file: each sleep_level message holds from its time until the next one. A stretch of one
 * level (its run of messages) is the reading: asleep ones (light, deep, rem) become one sleep_duration
 * sample each, stage kept in provenance; awake and unmeasurable stretches are skipped.
 * The last level has no next message: it is given the same length as the gap before it.
 */
export function mapSleep(messages: readonly FitMessage[], ctx: FitFileContext, out: FitReadings): void {
  const levels: { at: number; level: string }[] = [];
  messages.forEach(({ name, mesg }, index) => {
    if (name !== 'sleepLevel') return;
    const at = timeMs(mesg, 'timestamp');
    const level = str(mesg, 'sleepLevel');
    if (level === undefined) return;
    if (at !== undefined && (levels.length === 0 || at > levels.at(-1)!.at)) levels.push({ at, level });
    else
      out.issue({
        message: 'A sleep level without a time, or not after the one before it, was skipped',
        file: ctx.file,
        record: index,
      });
  });
  let runStart = 0;
  for (let i = 0; i < levels.length; i++) {
    const { at, level } = levels[i]!;
    if (i > 0 && levels[i - 1]!.level !== level) runStart = i;
    const next = levels[i + 1];
    if (next && next.level === level) continue;
    if (!ASLEEP.has(level)) {
      out.skip(`sleep_level.${level}`, NOT_SLEEP[level] ?? 'not a sleep level Healthfolio knows');
      continue;
    }
    const start = levels[runStart]!.at;
    const lastGap = i > 0 ? at - levels[i - 1]!.at : 60_000;
    const end = next ? next.at : at + lastGap;
    out.add(
      fitSample(ctx, {
        kind: 'sleep_duration',
        start,
        end,
        value: (end - start) / 60_000,
        unit: 'min',
        origin: `sleep:${seconds(start)}`,
        meta: { provenance: { stage: level } },
      }),
    );
  }
}

import type { NewSample } from '@healthfolio/core';
import { fitSample, type FitFileContext } from './file-context';
import { seconds, str, timeMs, type FitMessage } from '../shared/fit-values';

const ASLEEP = new Set(['light', 'deep', 'rem']);

/**
 * A sleep file: each sleep_level message holds from its time until the next one. Runs of one asleep
 * level become one sleep_duration sample (stage kept in provenance); awake and unmeasurable count not.
 * The last level has no next message: it is given the same length as the gap before it.
 */
export function mapSleep(messages: readonly FitMessage[], ctx: FitFileContext): NewSample[] {
  const levels: { at: number; level: string }[] = [];
  for (const { name, mesg } of messages) {
    if (name !== 'sleepLevel') continue;
    const at = timeMs(mesg, 'timestamp');
    const level = str(mesg, 'sleepLevel');
    if (at !== undefined && level !== undefined && (levels.length === 0 || at > levels.at(-1)!.at)) {
      levels.push({ at, level });
    }
  }
  const samples: NewSample[] = [];
  let runStart = 0;
  for (let i = 0; i < levels.length; i++) {
    const { at, level } = levels[i]!;
    if (i > 0 && levels[i - 1]!.level !== level) runStart = i;
    const next = levels[i + 1];
    if (next && next.level === level) continue;
    if (!ASLEEP.has(level)) continue;
    const start = levels[runStart]!.at;
    const lastGap = i > 0 ? at - levels[i - 1]!.at : 60_000;
    const end = next ? next.at : at + lastGap;
    samples.push(
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
  return samples;
}

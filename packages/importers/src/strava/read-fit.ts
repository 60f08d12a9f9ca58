import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { decodeFit, readFitBytes } from '../shared/fit-decode';
import { num, timeMs } from '../shared/fit-values';
import { MinuteAverager, type MinuteAverage } from '../shared/minute-average';
import { heartRateSample } from './heart-rate';
import type { NewSample } from '@healthfolio/core';

/** Heart rate, one average a minute, from the record messages of an activities/<id>.fit entry. */
export async function* readFitHeartRate(
  file: ImportFile,
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const { messages, damage } = decodeFit(await readFitBytes(file));
  const samples: NewSample[] = [];
  const averager = new MinuteAverager();
  const push = (m: MinuteAverage | undefined) => {
    if (m) samples.push(heartRateSample(m, context));
  };
  for (const { name, mesg } of messages) {
    if (name !== 'record') continue;
    const at = timeMs(mesg, 'timestamp');
    const bpm = num(mesg, 'heartRate');
    if (at !== undefined && bpm !== undefined && bpm > 0) push(averager.add(at, bpm));
  }
  push(averager.flush());
  yield { samples, records: messages.length };
  if (damage) {
    throw new ImportFormatError(`${file.name} is damaged: ${damage.message}`, {
      file: file.name,
      byte: damage.byte,
    });
  }
}

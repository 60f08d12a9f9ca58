import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { decodeFit, readFitBytes } from '../shared/fit-decode';
import { num, timeMs } from '../shared/fit-values';
import { MinuteAverager, type MinuteAverage } from '../shared/minute-average';
import { ChunkBuffer } from '../shared/chunk-buffer';
import { heartRateSample } from './heart-rate';
import { newTrackParts, seriesName, skipTrackParts } from './track-parts';

/** Fields of a record message that are not a series of their own: its time, and the heart rate read. */
const RECORD_READ = new Set(['timestamp', 'heartRate', 'positionLat', 'positionLong', 'distance']);

/**
 * Heart rate, one average a minute, from the record messages of an activities/<id>.fit entry: each minute
 * is a reading. The route and every other series of its records are one reading each, skipped, as are the
 * workout its session describes (activities.csv has it) and its beat-to-beat intervals.
 */
export async function* readFitHeartRate(
  file: ImportFile,
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const { messages, damage } = decodeFit(await readFitBytes(file));
  const out = new ChunkBuffer();
  const parts = newTrackParts();
  const averager = new MinuteAverager();
  const push = (m: MinuteAverage | undefined) => {
    if (!m) return;
    out.record();
    out.add(heartRateSample(m, context));
  };
  let session = false;
  let hrv = false;
  for (const { name, mesg } of messages) {
    if (name === 'session') session = true;
    if (name === 'hrv') hrv = true;
    if (name !== 'record') continue;
    const at = timeMs(mesg, 'timestamp');
    const bpm = num(mesg, 'heartRate');
    if (at === undefined) parts.untimed += 1;
    else if (bpm !== undefined && bpm > 0) push(averager.add(at, bpm));
    if (num(mesg, 'positionLat') !== undefined) parts.route = true;
    for (const field in mesg) if (!RECORD_READ.has(field)) parts.series.add(seriesName(field));
  }
  push(averager.flush());
  if (session) out.skip('track workout', 'activities.csv gives this workout; its track adds heart rate only');
  if (hrv) out.skip('track hrv', 'beat-to-beat intervals are not kept');
  skipTrackParts(out, parts, file.name);
  yield out.take();
  if (damage) {
    throw new ImportFormatError(`${file.name} is damaged: ${damage.message}`, {
      file: file.name,
      byte: damage.byte,
    });
  }
}

// The metrics module's door: the one place samples and daily rollups are written (SampleWriter for new
// samples, SampleStore for edits and deletions: write/) and read (SamplesQuery: every read of either table
// that other modules make, and the person's zone), and local days. Other modules take these from here; the
// import read worker takes `prepared-batch.ts` directly, so its thread loads no more of the module.
export type { PackedRows } from './packed-rows';
export type { KindSource, SourcedLab, TimedGlucose } from './report-readings.repository';
export { describeSample, type NewSample } from './sample-row';
export { SamplesQuery } from './samples-query';
export type { SourceReading } from './source-readings.repository';
export { DAY_MS, dateToDay, dayStartIn, dayToDate, formatInstant, localDayIn, localDayOf } from './time';
export { upsertWorkoutTracks } from './workout-tracks.repository';
export { identityOf, SampleStore } from './write/samples.store';
export { SampleWriter, type WriteOrigin, type WriteSession } from './write/sample-writer';
export type { AfterWrite, WriteResult } from './write/write-batch';

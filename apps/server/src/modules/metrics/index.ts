// The metrics module's door: the one place samples and daily rollups are written (SampleStore) and read
// (the repositories below), the user's time zone and local days. Other modules take these from here; the
// import read worker takes `prepared-batch.ts` directly, so its thread loads no more of the module.
export { HeldSamples } from './held-samples';
export type { InsightDataRepository } from './insight-data.repository';
export type { PackedRows } from './packed-rows';
export {
  ReportReadingsRepository,
  type KindSource,
  type SourcedLab,
  type TimedGlucose,
} from './report-readings.repository';
export type { DaysByKind } from './rollups';
export { describeSample, type NewSample } from './sample-row';
export type { SamplesExportRepository } from './samples-export.repository';
export { identityOf, SampleStore } from './samples.store';
export type { SourceHoldingsRepository } from './source-holdings.repository';
export { SourceReadingsRepository, type SourceReading } from './source-readings.repository';
export { DAY_MS, dateToDay, dayStartIn, dayToDate, formatInstant, localDayIn, localDayOf } from './time';
export { UserTimeZoneRepository } from './user-time-zone.repository';
export { upsertWorkoutTracks } from './workout-tracks.repository';

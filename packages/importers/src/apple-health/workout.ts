import { convert, type NewSample } from '@healthfolio/core';
import { AttributeSlots } from './attributes';
import { decodeAttribute, parseNumber } from './bytes';
import { DateReader, type ParsedDate } from './dates';
import { WORKOUT_TYPE_PREFIX } from './map';
import { SOURCE } from './record';
import { unitFor } from './units';

const ACTIVITY = 0;
const DURATION = 1;
const DURATION_UNIT = 2;
const DISTANCE = 3;
const DISTANCE_UNIT = 4;
const ENERGY = 5;
const ENERGY_UNIT = 6;
const SOURCE_NAME = 7;
const START = 8;
const END = 9;
const LEGACY_SOURCE = 10;

export const workoutAttributes = () =>
  new AttributeSlots([
    'workoutActivityType',
    'duration',
    'durationUnit',
    'totalDistance',
    'totalDistanceUnit',
    'totalEnergyBurned',
    'totalEnergyBurnedUnit',
    'sourceName',
    'startDate',
    'endDate',
    // iOS 8's name for sourceName.
    'source',
  ]);

const STAT_TYPE = 0;
const STAT_SUM = 1;
const STAT_AVERAGE = 2;
const STAT_UNIT = 3;

export const statisticsAttributes = () => new AttributeSlots(['type', 'sum', 'average', 'unit']);

const Q = 'HKQuantityTypeIdentifier';

/**
 * One <Workout>, from its start tag to its end tag. Exports before iOS 16 put the totals on the
 * Workout itself (totalDistance, totalEnergyBurned); later ones only in WorkoutStatistics children,
 * so both are read and the Workout's own attributes win.
 */
export class WorkoutBuilder {
  /** The open workout's sample; undefined when its dates could not be read. */
  sample: NewSample | undefined;
  private problem: string | undefined;
  private distanceM: number | undefined;
  private energyKcal: number | undefined;
  private statsDistanceM: number | undefined;
  private statsEnergyKcal: number | undefined;
  private avgHeartRate: number | undefined;
  private readonly dates: DateReader;
  private readonly start: ParsedDate = { ms: 0, offsetMin: 0 };
  private readonly end: ParsedDate = { ms: 0, offsetMin: 0 };

  constructor(timeZone: string) {
    this.dates = new DateReader(timeZone);
  }

  begin(buf: Buffer, a: AttributeSlots): void {
    this.sample = undefined;
    this.problem = undefined;
    this.statsDistanceM = this.statsEnergyKcal = this.avgHeartRate = undefined;
    const text = (i: number) => (a.has(i) ? decodeAttribute(buf, a.start(i), a.end(i)) : undefined);
    const number = (i: number) => (a.has(i) ? parseNumber(buf, a.start(i), a.end(i)) : NaN);
    if (!a.has(START) || !this.dates.read(buf, a.start(START), a.end(START), this.start)) {
      this.problem = `Workout: startDate ${JSON.stringify(text(START) ?? '(missing)')} is not a date`;
      return;
    }
    if (!a.has(END) || !this.dates.read(buf, a.start(END), a.end(END), this.end)) {
      this.problem = `Workout: endDate ${JSON.stringify(text(END) ?? '(missing)')} is not a date`;
      return;
    }
    if (this.end.ms < this.start.ms) {
      this.problem = 'Workout: endDate is before startDate';
      return;
    }
    const activity = text(ACTIVITY) ?? '';
    let minutes = (this.end.ms - this.start.ms) / 60_000;
    const duration = number(DURATION);
    if (Number.isFinite(duration)) minutes = inUnit(duration, text(DURATION_UNIT) ?? 'min', 'min') ?? minutes;
    this.distanceM = inUnit(number(DISTANCE), text(DISTANCE_UNIT), 'm');
    this.energyKcal = inUnit(number(ENERGY), text(ENERGY_UNIT), 'kcal');
    this.sample = {
      kind: 'workout',
      start: this.start.ms,
      end: this.end.ms,
      value: minutes,
      unit: 'min',
      utcOffsetMin: this.start.offsetMin,
      source: SOURCE,
      tz: undefined,
      device: text(SOURCE_NAME) ?? text(LEGACY_SOURCE) ?? null,
      meta: {
        workout: {
          activity: activity.startsWith(WORKOUT_TYPE_PREFIX)
            ? activity.slice(WORKOUT_TYPE_PREFIX.length)
            : activity,
        },
      },
    };
  }

  addStatistics(buf: Buffer, a: AttributeSlots): void {
    if (!a.has(STAT_TYPE)) return;
    const type = decodeAttribute(buf, a.start(STAT_TYPE), a.end(STAT_TYPE));
    const unit = a.has(STAT_UNIT) ? decodeAttribute(buf, a.start(STAT_UNIT), a.end(STAT_UNIT)) : undefined;
    const sum = a.has(STAT_SUM) ? parseNumber(buf, a.start(STAT_SUM), a.end(STAT_SUM)) : NaN;
    if (type.startsWith(`${Q}Distance`)) {
      const m = inUnit(sum, unit, 'm');
      if (m !== undefined) this.statsDistanceM = (this.statsDistanceM ?? 0) + m;
    } else if (type === `${Q}ActiveEnergyBurned`) {
      this.statsEnergyKcal = inUnit(sum, unit, 'kcal');
    } else if (type === `${Q}HeartRate` && a.has(STAT_AVERAGE)) {
      const average = parseNumber(buf, a.start(STAT_AVERAGE), a.end(STAT_AVERAGE));
      if (Number.isFinite(average)) this.avgHeartRate = round(average);
    }
  }

  /** The workout's sample, or the problem that kept it from being one. */
  finish(): NewSample | string {
    if (!this.sample) return this.problem ?? 'Workout: unreadable';
    const workout = this.sample.meta!.workout!;
    const distanceM = this.distanceM ?? this.statsDistanceM;
    const energyKcal = this.energyKcal ?? this.statsEnergyKcal;
    if (distanceM !== undefined) workout.distanceM = round(distanceM);
    if (energyKcal !== undefined) workout.energyKcal = round(energyKcal);
    if (this.avgHeartRate !== undefined) workout.avgHeartRate = this.avgHeartRate;
    return this.sample;
  }
}

/** `value` written in `unit`, in `target`; undefined when either is missing or unusable. */
function inUnit(value: number, unit: string | undefined, target: string): number | undefined {
  if (!Number.isFinite(value) || !unit) return undefined;
  try {
    return convert(value, unitFor('', unit), target);
  } catch {
    return undefined;
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

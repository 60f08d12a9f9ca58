/** One minute of heart rate: the mean of the readings that fell in it. */
export interface MinuteAverage {
  /** Epoch ms of the minute's start (UTC minute boundary). */
  start: number;
  value: number;
  count: number;
}

const MINUTE_MS = 60_000;

/**
 * Folds second-by-second readings into one average a minute, holding only the open minute, so a
 * track of any length streams through. Readings must come in time order; one that goes back a minute
 * opens a new average rather than reopening a closed one.
 */
export class MinuteAverager {
  private minute: number | undefined;
  private sum = 0;
  private count = 0;

  /** Adds a reading; answers the previous minute when this one starts a new minute. */
  add(ms: number, value: number): MinuteAverage | undefined {
    const minute = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
    const closed = minute === this.minute ? undefined : this.flush();
    this.minute = minute;
    this.sum += value;
    this.count += 1;
    return closed;
  }

  /** Closes the open minute, if any. */
  flush(): MinuteAverage | undefined {
    if (this.minute === undefined || this.count === 0) return undefined;
    const average = {
      start: this.minute,
      value: Math.round((this.sum / this.count) * 10) / 10,
      count: this.count,
    };
    this.minute = undefined;
    this.sum = 0;
    this.count = 0;
    return average;
  }
}

/** A minute in ms: the span of every MinuteAverage. */
export const MINUTE = MINUTE_MS;

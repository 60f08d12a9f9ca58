import type { NewSample } from '@healthfolio/core';
import { ImportFormatError, type ImportIssue } from '../types';
import { AttributeSlots, INCOMPLETE, MALFORMED, readAttributes } from './attributes';
import { BANG, GT, LT, QUESTION, SLASH, ascii, bytesEqual, isSpace } from './bytes';
import { RecordMapper, recordAttributes, type Mapped } from './record';
import { Skipper } from './skip';
import { WorkoutBuilder, statisticsAttributes, workoutAttributes } from './workout';

const RECORD = ascii('Record');
const WORKOUT = ascii('Workout');
const STATISTICS = ascii('WorkoutStatistics');
const CORRELATION = ascii('Correlation');
const SUMMARY = ascii('ActivitySummary');
const ROOT = ascii('HealthData');

/** How much of a new chunk is joined to the unfinished tag the last one ended in, before trying all of it. */
const JOIN_BYTES = 64 * 1024;
/** No tag in an export comes near this; one that does is damage, and holding it would not keep memory flat. */
const MAX_TAG_BYTES = 1024 * 1024;
/** Keys kept to store each correlated measurement once; beyond this the store's own unique key catches repeats. */
const MAX_DEDUPE_KEYS = 200_000;

/**
 * Reads export.xml chunk by chunk as bytes. It finds `<` with Buffer.indexOf, looks only at the
 * element names it maps (Record, Correlation, Workout with its WorkoutStatistics, ActivitySummary) and
 * passes everything else — MetadataEntry, HRV beat lists, workout events and routes — by jumping to the
 * next `<`. A tag cut by a chunk boundary is carried over: its bytes are joined with the start of the next
 * chunk, never the whole chunk.
 *
 * Samples, issues and the count of records read pile up in the public fields until the reader takes them.
 */
export class ExportScanner {
  samples: NewSample[] = [];
  issues: ImportIssue[] = [];
  /** Records read since the reader last took the samples. */
  records = 0;
  private recordIndex = 0;
  private consumed = 0;
  /** Absolute offset of buf[0] of the buffer being scanned, for error positions. */
  private offset = 0;
  private tail: Buffer | undefined;
  private tailOffset = 0;
  private readonly skipper = new Skipper();
  private readonly mapper: RecordMapper;
  private readonly workout: WorkoutBuilder;
  private readonly recordSlots = recordAttributes();
  private readonly workoutSlots = workoutAttributes();
  private readonly statisticsSlots = statisticsAttributes();
  private readonly noSlots = new AttributeSlots([]);
  private pending: Mapped = null;
  private pendingDeduped = false;
  private openRecordAt = -1;
  private openWorkoutAt = -1;
  private openCorrelationAt = -1;
  private sawRoot = false;
  private sawEnd = false;
  private readonly seen = new Set<string>();

  constructor(
    private readonly file: string,
    timeZone: string,
  ) {
    this.mapper = new RecordMapper(timeZone);
    this.workout = new WorkoutBuilder(timeZone);
  }

  /** Bytes read so far. */
  get bytesRead(): number {
    return this.consumed;
  }

  feed(chunk: Buffer): void {
    if (this.tail) this.feedAfterTail(chunk);
    else {
      this.offset = this.consumed;
      this.keepTail(chunk, this.scan(chunk, 0), this.consumed);
    }
    this.consumed += chunk.length;
  }

  /** Checks the file ended where an export ends. @throws ImportFormatError when it was cut short. */
  end(): void {
    // Whatever follows </HealthData> is not read.
    if (this.sawEnd) return;
    if (this.openRecordAt >= 0) this.fail('The file ends inside a <Record>', this.openRecordAt);
    if (this.openWorkoutAt >= 0) this.fail('The file ends inside a <Workout>', this.openWorkoutAt);
    if (this.openCorrelationAt >= 0)
      this.fail('The file ends inside a <Correlation>', this.openCorrelationAt);
    if (this.tail) this.fail('The file ends in the middle of a tag: it was cut short', this.tailOffset);
    if (this.skipper.kind) this.fail(`The file ends inside a ${this.skipper.kind}`, this.skipper.startedAt);
    if (!this.sawRoot) this.fail('This is not an Apple Health export: it has no <HealthData> element', 0);
    this.fail('The file ends before </HealthData>: it was cut short', this.consumed);
  }

  private feedAfterTail(chunk: Buffer): void {
    let tail = this.tail!;
    this.tail = undefined;
    let take = Math.min(chunk.length, JOIN_BYTES);
    for (;;) {
      const joint = Buffer.concat([tail, chunk.subarray(0, take)]);
      this.offset = this.tailOffset;
      const stop = this.scan(joint, 0);
      if (stop >= tail.length) {
        // Past the carried bytes: the rest is read in the chunk itself.
        this.offset = this.consumed;
        this.keepTail(chunk, this.scan(chunk, stop - tail.length), this.consumed);
        return;
      }
      tail = joint.subarray(stop, tail.length);
      this.tailOffset += stop;
      if (take === chunk.length) {
        this.keepTail(joint, stop, this.tailOffset - stop);
        return;
      }
      take = chunk.length;
    }
  }

  private keepTail(buf: Buffer, stop: number, bufOffset: number): void {
    if (stop >= buf.length) return;
    if (buf.length - stop > MAX_TAG_BYTES)
      this.fail('A tag is larger than 1 MiB: the file is damaged', bufOffset + stop);
    this.tail = Buffer.from(buf.subarray(stop));
    this.tailOffset = bufOffset + stop;
  }

  /** Reads tags from `p`; answers where it stopped: buf.length, or the start of a tag the buffer cuts. */
  private scan(buf: Buffer, p: number): number {
    const n = buf.length;
    while (p < n && !this.sawEnd) {
      if (this.skipper.kind) {
        p = this.skipper.skip(buf, p);
        continue;
      }
      // The next tag is usually a few bytes on ("\n <"): look there before calling into C++.
      const near = Math.min(n, p + 8);
      while (p < near && buf[p] !== LT) p++;
      if (p === near) {
        p = buf.indexOf(LT, p);
        if (p < 0) return n;
      }
      if (p + 3 >= n) return p;
      const c = buf[p + 1];
      let next: number;
      if (c === SLASH) next = this.endTag(buf, p);
      else if (c === BANG) next = this.declaration(buf, p);
      else if (c === QUESTION) {
        this.skipper.begin('instruction', this.offset + p);
        next = p + 2;
      } else next = this.startTag(buf, p);
      if (next === INCOMPLETE) return p;
      if (next === MALFORMED) this.fail('A tag is not well-formed: the file is damaged', this.offset + p);
      p = next;
    }
    return n;
  }

  private declaration(buf: Buffer, p: number): number {
    const at = this.offset + p;
    if (buf[p + 2] === 0x2d && buf[p + 3] === 0x2d) {
      this.skipper.begin('comment', at);
      return p + 4;
    }
    this.skipper.begin(buf[p + 2] === 0x5b ? 'cdata' : 'declaration', at);
    return p + 2;
  }

  private startTag(buf: Buffer, p: number): number {
    const n = buf.length;
    const nameStart = p + 1;
    let i = nameStart;
    let c = buf[i];
    while (i < n && !isSpace(c) && c !== GT && c !== SLASH) c = buf[++i];
    if (i >= n) return INCOMPLETE;
    const length = i - nameStart;
    if (length === 6 && bytesEqual(buf, nameStart, i, RECORD)) return this.record(buf, p, i);
    if (length === 7 && bytesEqual(buf, nameStart, i, WORKOUT)) return this.workoutStart(buf, p, i);
    if (length === 17 && this.openWorkoutAt >= 0 && bytesEqual(buf, nameStart, i, STATISTICS)) {
      const next = readAttributes(buf, i, this.statisticsSlots);
      if (next >= 0) this.workout.addStatistics(buf, this.statisticsSlots);
      return next;
    }
    if (length === 11 && bytesEqual(buf, nameStart, i, CORRELATION)) {
      const next = readAttributes(buf, i, this.noSlots);
      if (next >= 0 && !this.noSlots.selfClosing) this.openCorrelationAt = this.offset + p;
      return next;
    }
    if (length === 15 && bytesEqual(buf, nameStart, i, SUMMARY)) {
      // Its day totals repeat the Records' (active energy, exercise minutes): counted, not written.
      const next = readAttributes(buf, i, this.noSlots);
      if (next >= 0) this.countRecord();
      return next;
    }
    if (length === 10 && bytesEqual(buf, nameStart, i, ROOT)) this.sawRoot = true;
    // Any other element is passed over: the scan goes on to the next `<`.
    return i;
  }

  private record(buf: Buffer, p: number, afterName: number): number {
    const next = readAttributes(buf, afterName, this.recordSlots);
    if (next < 0) return next;
    const mapped = this.mapper.map(buf, this.recordSlots);
    if (this.recordSlots.selfClosing) this.commitRecord(mapped, this.mapper.deduped);
    else {
      this.pending = mapped;
      this.pendingDeduped = this.mapper.deduped;
      this.openRecordAt = this.offset + p;
    }
    return next;
  }

  private workoutStart(buf: Buffer, p: number, afterName: number): number {
    const next = readAttributes(buf, afterName, this.workoutSlots);
    if (next < 0) return next;
    this.workout.begin(buf, this.workoutSlots);
    if (this.workoutSlots.selfClosing) this.commitRecord(this.workout.finish(), false);
    else this.openWorkoutAt = this.offset + p;
    return next;
  }

  private endTag(buf: Buffer, p: number): number {
    const n = buf.length;
    const nameStart = p + 2;
    let i = nameStart;
    let c = buf[i];
    while (i < n && !isSpace(c) && c !== GT) c = buf[++i];
    const nameEnd = i;
    while (isSpace(c)) c = buf[++i];
    if (i >= n) return INCOMPLETE;
    if (c !== GT) return MALFORMED;
    if (bytesEqual(buf, nameStart, nameEnd, RECORD)) {
      if (this.openRecordAt >= 0) {
        this.openRecordAt = -1;
        this.commitRecord(this.pending, this.pendingDeduped);
        this.pending = null;
      }
    } else if (bytesEqual(buf, nameStart, nameEnd, WORKOUT)) {
      if (this.openWorkoutAt >= 0) {
        this.openWorkoutAt = -1;
        this.commitRecord(this.workout.finish(), false);
      }
    } else if (bytesEqual(buf, nameStart, nameEnd, CORRELATION)) this.openCorrelationAt = -1;
    else if (bytesEqual(buf, nameStart, nameEnd, ROOT)) this.sawEnd = true;
    return i + 1;
  }

  private countRecord(): number {
    this.records++;
    return this.recordIndex++;
  }

  private commitRecord(mapped: Mapped, deduped: boolean): void {
    const index = this.countRecord();
    if (mapped === null) return;
    if (typeof mapped === 'string') {
      this.issues.push({ message: mapped, file: this.file, record: index });
      return;
    }
    if (deduped && this.isRepeat(mapped)) return;
    this.samples.push(mapped);
  }

  /** Whether this correlated measurement (a blood-pressure or food member) was already written. */
  private isRepeat(s: NewSample): boolean {
    const key = `${s.kind}|${s.start}|${s.end}|${s.device}|${s.value}|${s.unit}`;
    if (this.seen.has(key)) return true;
    if (this.seen.size < MAX_DEDUPE_KEYS) this.seen.add(key);
    return false;
  }

  private fail(message: string, byte: number): never {
    throw new ImportFormatError(message, { file: this.file, byte });
  }
}

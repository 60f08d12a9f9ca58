// Over 300 lines: the hot path of the 1 M-record Apple Health import. The scan loop and the tag states it
// carries across chunks stay in one class whose fields the loop reads directly; the parts that could leave
// it already have (attributes.ts, record.ts, workout.ts, skip.ts).
import type { NewSample } from '@healthfolio/core';
import { ImportFormatError } from '../types';
import { AttributeSlots, INCOMPLETE, MALFORMED, readAttributes } from './attributes';
import { BANG, GT, LT, QUESTION, SLASH, bytesEqual, isSpace } from './bytes';
import { CORRELATION, RECORD, ROOT, WORKOUT, elementAt, type Element } from './elements';
import { Ledger } from './ledger';
import { RecordMapper, recordAttributes, type Mapped } from './record';
import { Skipper } from './skip';
import { ELEMENT_REASONS, UNKNOWN_ELEMENT, type SkippedElement } from './skip-reasons';
import { Skip } from './tally';
import { MAX_XML_DEPTH, MAX_XML_TEXT, tooDeepMessage, tooLongMessage } from '../shared/xml-limits';
import { TimeZoneReader } from './time-zone';
import { WorkoutBuilder, statisticsAttributes, workoutAttributes } from './workout';

/** Element names remembered as kinds of skipped readings; a file naming more lumps the rest together. */
const MAX_KINDS = 200;
/** How much of a new chunk is joined to the unfinished tag the last one ended in, before trying all of it. */
const JOIN_BYTES = 64 * 1024;
/** No tag in an export comes near this; one that does is damage, and holding it would not keep memory flat. */
const MAX_TAG_BYTES = 1024 * 1024;
/**
 * Reads export.xml chunk by chunk as bytes. It finds `<` with Buffer.indexOf, looks only at the
 * element names it knows (elements.ts) and passes everything else by jumping to the next `<`. Of
 * MetadataEntry it reads only an open Record's or Workout's HKTimeZone. A tag cut by a chunk boundary
 * is carried over: its bytes are joined with the start of the next chunk, never the whole chunk.
 *
 * Samples, issues and skipped readings pile up in `ledger` until the reader takes them.
 *
 * Limits (xml-limits.ts), checked where the scan already is, never byte by byte: elements nested deeper
 * than 32 levels (a start tag read to its `>` says whether it closed itself; one passed over after its
 * name is settled by the few bytes before the next `<`), and more than 1 MiB between two tags (a text, or an unknown element's attributes; a known tag
 * above 1 MiB is refused as damage already) or in a CDATA section, are refused.
 */
export class ExportScanner {
  readonly ledger: Ledger;
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
  private readonly zones = new TimeZoneReader();
  private readonly skips = new Map<string, Skip>();
  private readonly otherElements = new Skip('other elements', UNKNOWN_ELEMENT);
  private pending: Mapped = '';
  private pendingCopy: Skip | undefined;
  private openRecordAt = -1;
  private openWorkoutAt = -1;
  private openCorrelationAt = -1;
  private sawRoot = false;
  private sawEnd = false;
  /** Elements open around the scan (approximate low at chunk seams, never high). */
  private depth = 0;
  /** A start tag was read whose end (`>` or `/>`) is not yet known. */
  private openTag = false;
  /** Where a run of text that went on past the end of a buffer began; -1 when none. */
  private textFrom = -1;

  constructor(
    private readonly file: string,
    timeZone: string,
  ) {
    this.ledger = new Ledger(file);
    this.mapper = new RecordMapper(timeZone);
    this.workout = new WorkoutBuilder(timeZone);
    for (const [name, reason] of Object.entries(ELEMENT_REASONS))
      this.skips.set(name, new Skip(name, reason));
  }

  /** Bytes read so far. */
  get bytesRead(): number {
    return this.consumed;
  }

  feed(chunk: Buffer): void {
    if (this.textFrom >= 0) {
      // A text went on past the last buffer: where does it end in this one?
      const q = chunk.indexOf(LT);
      if (q < 0) {
        this.offset = this.consumed;
        this.textGoesOn(0, chunk.length);
        this.consumed += chunk.length;
        return;
      }
      this.offset = this.consumed;
      this.textEnds(q);
    }
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
        const kind = this.skipper.kind;
        p = this.skipper.skip(buf, p);
        if (kind === 'cdata' && this.offset + p - this.skipper.startedAt > MAX_XML_TEXT)
          this.fail(tooLongMessage('A text'), this.skipper.startedAt);
        continue;
      }
      // The next tag is usually a few bytes on ("\n <"): look there before calling into C++.
      const near = Math.min(n, p + 8);
      while (p < near && buf[p] !== LT) p++;
      if (p === near) {
        const from = p;
        p = buf.indexOf(LT, p);
        if (p < 0) {
          this.textGoesOn(from, n);
          return n;
        }
        if (p - from > MAX_XML_TEXT) this.fail(tooLongMessage('A text or attribute'), this.offset + from);
      }
      if (this.textFrom >= 0) this.textEnds(p);
      if (this.openTag) this.settle(buf, p);
      if (p + 3 >= n) return p;
      const c = buf[p + 1];
      let next: number;
      if (c === SLASH) next = this.endTag(buf, p);
      else if (c === BANG) next = this.declaration(buf, p);
      else if (c === QUESTION) {
        this.skipper.begin('instruction', this.offset + p);
        next = p + 2;
      } else {
        next = this.startTag(buf, p);
        if (next >= 0) {
          // A handler that read the tag to its `>` says whether it closed itself; one that stopped after
          // the name leaves it to be settled at the next `<`.
          if (buf[next - 1] !== GT) this.openTag = true;
          else if (buf[next - 2] !== SLASH) this.opened(p);
        }
      }
      if (next === INCOMPLETE) return p;
      if (next === MALFORMED) this.fail('A tag is not well-formed: the file is damaged', this.offset + p);
      p = next;
    }
    return n;
  }

  /** Text (or an unknown tag's attributes) from `from` runs to the buffer's end `n`. */
  private textGoesOn(from: number, n: number): void {
    if (this.textFrom < 0) this.textFrom = this.offset + from;
    if (this.offset + n - this.textFrom > MAX_XML_TEXT)
      this.fail(tooLongMessage('A text or attribute'), this.textFrom);
  }

  /** The text that went on past a buffer ends at `p`. */
  private textEnds(p: number): void {
    if (this.offset + p - this.textFrom > MAX_XML_TEXT)
      this.fail(tooLongMessage('A text or attribute'), this.textFrom);
    this.textFrom = -1;
  }

  /**
   * The last start tag ended before the `<` at `p`: self-closing when the bytes before it (past
   * whitespace, or past a text to its `>`) are `/>`, else it opened an element. Its end in an earlier
   * buffer leaves it uncounted: the depth may read low at a chunk seam, never high.
   */
  private settle(buf: Buffer, p: number): void {
    this.openTag = false;
    let j = p - 1;
    while (j >= 0 && isSpace(buf[j])) j--;
    if (j >= 1 && buf[j] !== GT) j = buf.lastIndexOf(GT, j);
    if (j >= 1 && buf[j - 1] !== SLASH) this.opened(p);
  }

  /** The start tag at `p` opened an element. */
  private opened(p: number): void {
    if (++this.depth > MAX_XML_DEPTH) this.fail(tooDeepMessage, this.offset + p);
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
    if (i - nameStart === 6 && bytesEqual(buf, nameStart, i, RECORD)) return this.record(buf, p, i);
    const element = elementAt(buf, nameStart, i);
    if (element === undefined) {
      this.ledger.skipPart(this.unknownSkip(buf.toString('latin1', nameStart, i)));
      return i;
    }
    return this.knownElement(element, buf, p, i);
  }

  /** The skipped readings of an element this importer does not know, by its name (a few at most). */
  private unknownSkip(name: string): Skip {
    let skip = this.skips.get(name);
    if (skip) return skip;
    if (this.skips.size >= MAX_KINDS) return this.otherElements;
    skip = new Skip(name, UNKNOWN_ELEMENT);
    this.skips.set(name, skip);
    return skip;
  }

  private knownElement(element: Element, buf: Buffer, p: number, afterName: number): number {
    switch (element.role) {
      case 'metadata':
        return this.metadata(buf, p, afterName);
      case 'workout':
        return this.workoutStart(buf, p, afterName);
      case 'statistics': {
        if (this.openWorkoutAt < 0) return afterName;
        const next = readAttributes(buf, afterName, this.statisticsSlots);
        if (next >= 0) {
          this.checkTagSize(p, next);
          this.workout.addStatistics(buf, this.statisticsSlots);
        }
        return next;
      }
      case 'correlation': {
        const next = readAttributes(buf, afterName, this.noSlots);
        if (next >= 0 && !this.noSlots.selfClosing) this.openCorrelationAt = this.offset + p;
        return next;
      }
      case 'root':
        this.sawRoot = true;
        return afterName;
      case 'skipped':
        this.ledger.commit(this.skipOf(element), undefined);
        return afterName;
      case 'skipped-part':
        this.ledger.skipPart(this.skipOf(element));
        return afterName;
      case 'part-of-parent':
        return afterName;
    }
  }

  private skipOf(element: Element): Skip {
    return this.skips.get(element.name as SkippedElement)!;
  }

  /** An HKTimeZone entry of an open Record or Workout gives its sample `tz`; other metadata is passed over. */
  private metadata(buf: Buffer, p: number, afterName: number): number {
    const toRecord = this.openRecordAt >= 0;
    if (!toRecord && this.openWorkoutAt < 0) return afterName;
    const pending = this.pending;
    if (toRecord && (typeof pending === 'string' || pending instanceof Skip)) return afterName;
    const next = this.zones.read(buf, afterName);
    if (next >= 0) this.checkTagSize(p, next);
    const zone = this.zones.zone;
    if (next >= 0 && zone !== undefined) {
      const sample = toRecord ? (pending as NewSample) : this.workout.sample;
      if (sample) this.zones.place(sample, zone);
    }
    return next;
  }

  /**
   * A known tag read whole from one buffer may still be above 1 MiB (one carried over a seam is bounded
   * by MAX_TAG_BYTES): refused before anything of it is kept.
   */
  private checkTagSize(p: number, next: number): void {
    if (next - p > MAX_XML_TEXT) this.fail(tooLongMessage('An attribute'), this.offset + p);
  }

  private record(buf: Buffer, p: number, afterName: number): number {
    const next = readAttributes(buf, afterName, this.recordSlots);
    if (next < 0) return next;
    this.checkTagSize(p, next);
    const mapped = this.mapper.map(buf, this.recordSlots);
    const isSample = typeof mapped === 'object' && !(mapped instanceof Skip);
    const copy = isSample && this.mapper.deduped ? this.mapper.copySkip() : undefined;
    if (this.recordSlots.selfClosing) this.ledger.commit(mapped, copy);
    else {
      this.pending = mapped;
      this.pendingCopy = copy;
      this.openRecordAt = this.offset + p;
    }
    return next;
  }

  private workoutStart(buf: Buffer, p: number, afterName: number): number {
    const next = readAttributes(buf, afterName, this.workoutSlots);
    if (next < 0) return next;
    this.checkTagSize(p, next);
    this.workout.begin(buf, this.workoutSlots);
    if (this.workoutSlots.selfClosing) this.ledger.commit(this.workout.finish(), undefined);
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
    if (this.depth > 0) this.depth--;
    if (bytesEqual(buf, nameStart, nameEnd, RECORD)) {
      if (this.openRecordAt >= 0) {
        this.openRecordAt = -1;
        this.ledger.commit(this.pending, this.pendingCopy);
        this.pending = '';
      }
    } else if (bytesEqual(buf, nameStart, nameEnd, WORKOUT)) {
      if (this.openWorkoutAt >= 0) {
        this.openWorkoutAt = -1;
        this.ledger.commit(this.workout.finish(), undefined);
      }
    } else if (bytesEqual(buf, nameStart, nameEnd, CORRELATION)) this.openCorrelationAt = -1;
    else if (bytesEqual(buf, nameStart, nameEnd, ROOT)) this.sawEnd = true;
    return i + 1;
  }

  private fail(message: string, byte: number): never {
    throw new ImportFormatError(message, { file: this.file, byte });
  }
}

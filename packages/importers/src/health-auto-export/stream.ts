import type { NewSample } from '@healthfolio/core';
import Assembler from 'stream-json/assembler.js';
import { PRIMITIVES } from '../shared/json-records';
import { jsonTokens } from '../shared/json-tokens';
import type { ImportFile, ImportIssue, SkippedRecords } from '../types';
import { Reader, str, type HealthAutoExportOptions } from './parse';

/** A token as the walk reads it: its name, and the value of a packed key, string or number. */
type Token = { name: string; value?: unknown };
type AssemblerToken = Parameters<Assembler['consume']>[0];

/** What the walk yields: samples made since the last part, and the readings read, refused and skipped meanwhile. */
export interface ExportPart {
  samples: NewSample[];
  records: number;
  issues?: ImportIssue[];
  skipped?: SkippedRecords[];
}

/** A metric object being read: its name and units, then its readings, handed over as they come. */
interface MetricState {
  index: number;
  name?: string;
  units?: string;
  /** Set once `data` opens with name and units known: each reading is read as it is parsed. */
  each?: ((reading: unknown, i: number) => void) | null;
  /** Readings kept until the object ends, when `data` came before the name or units (the app writes them first). */
  held?: unknown[];
  readings: number;
  hasData: boolean;
}

/** Where the walk stands: which container of `{"data": {"metrics": [...], "workouts": [...]}}` it is in. */
type Place =
  | 'root'
  | 'data'
  | 'metrics'
  | 'metric'
  | 'readings'
  | 'workouts'
  /** A container we do not read, passed over to its end. */
  | 'other';

/**
 * A Health Auto Export file read as a stream of JSON tokens, never as one document: a metric's readings
 * are read one at a time (its name and units come before them), and samples leave every `partSamples`.
 * The readings of a metric we do not keep are counted as they pass and skipped under its name at its end,
 * without being assembled.
 * A file cut off or damaged yields what it read before the damage, then throws the parser's error.
 */
export async function* streamHealthAutoExport(
  file: ImportFile,
  options: HealthAutoExportOptions,
  partSamples: number,
): AsyncGenerator<ExportPart> {
  const reader = new Reader(options);
  const places: Place[] = [];
  let key: string | null = null;
  let metric: MetricState | undefined;
  let metrics = 0;
  let workouts = 0;
  let assembler: Assembler | undefined;
  let failure: Error | undefined;

  const reading = (value: unknown) => {
    const m = metric!;
    const i = m.readings++;
    if (m.held) m.held.push(value);
    else m.each?.(value, i);
  };
  /** A whole element of the array we are in (a reading, a workout, a metric that is not an object). */
  const element = (value: unknown) => {
    const place = places[places.length - 1];
    if (place === 'readings') reading(value);
    else if (place === 'workouts') reader.workout(value, workouts++);
    else if (place === 'metrics') reader.notAMetric(metrics++);
  };
  const endMetric = (m: MetricState) => {
    if (m.held || !m.hasData || !m.name) {
      // Read as a whole body reads it: the same samples, the same problems.
      reader.metric({ name: m.name, units: m.units, data: m.hasData ? (m.held ?? []) : undefined }, m.index);
    } else if (m.each === null) reader.skippedMetric(m.name, m.readings);
  };
  /** Where a container opening after `key` in `parent` leads. */
  const placeOf = (parent: Place | undefined): Place => {
    if (parent === undefined) return 'root';
    if (parent === 'root' && key === 'data') return 'data';
    if (parent === 'data' && key === 'metrics') return 'metrics';
    if (parent === 'data' && key === 'workouts') return 'workouts';
    if (parent === 'metric' && key === 'data') return 'readings';
    return 'other';
  };

  const walk = (token: Token) => {
    if (assembler) {
      assembler.consume(token as AssemblerToken);
      if (assembler.done) {
        element(assembler.current);
        assembler = undefined;
      }
      return;
    }
    const place = places[places.length - 1];
    const opens = token.name === 'startObject' || token.name === 'startArray';
    if (opens && place === 'readings' && metric!.each === null) {
      // A reading of a metric we do not keep is counted and passed over, never assembled.
      metric!.readings++;
      places.push('other');
    } else if (opens && (place === 'readings' || place === 'workouts')) {
      assembler = new Assembler();
      assembler.consume(token as AssemblerToken);
    } else if (opens && place === 'metrics') {
      if (token.name === 'startObject') {
        metric = { index: metrics++, readings: 0, hasData: false };
        places.push('metric');
      } else {
        reader.notAMetric(metrics++);
        places.push('other');
      }
    } else if (opens) {
      const inside = place === 'other' ? 'other' : placeOf(place);
      const expected = inside === 'root' || inside === 'data' ? 'startObject' : 'startArray';
      const wanted = inside !== 'other' && token.name === expected;
      if (inside === 'readings' && wanted) {
        const m = metric!;
        m.hasData = true;
        if (m.name !== undefined && m.units !== undefined)
          m.each = reader.readingsOf(m.name, m.units) ?? null;
        else m.held = [];
      }
      places.push(wanted ? inside : 'other');
    } else if (token.name === 'endObject' || token.name === 'endArray') {
      places.pop();
      if (place === 'metric') {
        endMetric(metric!);
        metric = undefined;
      }
    } else if (token.name === 'keyValue') {
      key = String(token.value);
    } else {
      const value = PRIMITIVES[token.name]?.(token.value);
      if (place === 'metric' && key === 'name') metric!.name = str(value);
      else if (place === 'metric' && key === 'units') metric!.units = str(value);
      else if (place === 'readings' || place === 'workouts' || place === 'metrics') element(value);
    }
  };

  // Tokens come a slice of text at a time, each slice's handed to `walk` at once: no token waits in a
  // stream, and the file is read no faster than the parts are taken.
  try {
    for await (const slice of jsonTokens(file.open())) {
      for (const token of slice) walk(token);
      if (reader.pendingSamples >= partSamples) yield reader.takeSamples();
    }
  } catch (error) {
    failure = error as Error;
  }
  yield reader.takeSamples();
  if (failure) throw failure;
}

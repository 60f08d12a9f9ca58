import {
  clinicalCategories,
  type ClinicalCategory,
  type ClinicalRecordInput,
  type NewSample,
  type SampleMeta,
} from '@healthfolio/core';
import { jsonRecords } from '../shared/json-records';
import { ChunkBuffer } from '../shared/chunk-buffer';
import type { AccountRestore, ImportChunk, ImportContext, ImportFile, RestoredGoal } from '../types';

/** The versions this reader knows: 1 carried samples without their tz, origin id and meta (README.md). */
export const READABLE_VERSIONS = [1, 2] as const;

const HEAD = /^\s*\{\s*"format"\s*:\s*"healthfolio-export"\s*,\s*"version"\s*:\s*(\d+)/;

/** The version of a Healthfolio export, read from its first bytes; undefined for any other file. */
async function versionOf(file: ImportFile): Promise<number | undefined> {
  const match = HEAD.exec((await file.head()).toString('utf8').replace(/^\uFEFF/, ''));
  return match ? Number(match[1]) : undefined;
}

/** Certain by content: the export begins with its format and version, always in that order. */
export async function detectHealthfolioExport(files: readonly ImportFile[]): Promise<number> {
  for (const file of files) if ((await versionOf(file)) !== undefined) return 1;
  return 0;
}

/**
 * Streams an export back: each `samples` row is a sample with its source, device, path and origin id as
 * exported (so importing it twice gives duplicates, and the days merge as they did); `clinicalRecords`
 * rows are upserted by their origin id; `settings`, `goals` and `dataSources` are restored. Sections
 * that describe the old account's history (`auditLog`) or are made again from the data (`insights`)
 * are passed over.
 */
export async function* readHealthfolioExport(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncIterable<ImportChunk> {
  for (const file of files) {
    const version = await versionOf(file);
    if (version === undefined) continue;
    if (!(READABLE_VERSIONS as readonly number[]).includes(version)) {
      yield {
        samples: [],
        records: 0,
        warnings: [
          `${file.name} is a Healthfolio export of version ${version}; this server reads versions ${READABLE_VERSIONS.join(' and ')}. Update Healthfolio to import it.`,
        ],
      };
      continue;
    }
    const buffer = new ChunkBuffer();
    const goals: RestoredGoal[] = [];
    const restore: AccountRestore = {};
    const dataSources: string[] = [];
    const refuse = (message: string, where: { file: string; record: number }) => {
      buffer.record();
      buffer.issue({ message, ...where });
    };
    try {
      for await (const { key, index, value } of jsonRecords(file, { formatError: true })) {
        if (context.signal?.aborted) return;
        const where = { file: file.name, record: index };
        if (key === 'samples') {
          buffer.record();
          const sample = toSample(value);
          if (typeof sample === 'string') buffer.issue({ message: `samples[${index}]: ${sample}`, ...where });
          else buffer.add(sample);
        } else if (key === 'clinicalRecords') {
          const record = toClinicalRecord(value, index);
          // A refused row counts as a reading refused, so the import's accounting still adds up.
          if (typeof record === 'string') refuse(`clinicalRecords[${index}]: ${record}`, where);
          else buffer.addClinical(record);
        } else if (key === 'goals') {
          const goal = toGoal(value);
          if (typeof goal === 'string') refuse(`goals[${index}]: ${goal}`, where);
          else goals.push(goal);
        } else if (key === 'settings' && isObject(value) && typeof value.settings === 'string') {
          const settings = parseJson(value.settings);
          if (isObject(settings)) restore.settings = settings;
        } else if (key === 'dataSources' && isObject(value) && typeof value.kind === 'string') {
          dataSources.push(value.kind);
        }
        yield* buffer.chunks();
      }
    } catch (error) {
      // Cut off or damaged: what was read before the damage is written, then the import fails.
      yield buffer.take();
      throw error;
    }
    if (goals.length > 0) restore.goals = goals;
    if (dataSources.length > 0) restore.dataSources = dataSources;
    const last = buffer.take();
    if (Object.keys(restore).length > 0) last.restore = restore;
    yield last;
  }
}

const OFFSET = /(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** Minutes east of UTC an ISO instant was written in ("…+01:00" → 60), or undefined when it has none. */
function offsetOf(iso: string): number | undefined {
  const match = OFFSET.exec(iso);
  if (!match) return undefined;
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** A sample row (columns in README.md), or why it cannot be one. */
function toSample(row: unknown): NewSample | string {
  if (!isObject(row)) return 'not an object';
  const { type, value, unit, start, end, source } = row;
  if (typeof type !== 'string' || type === '') return 'no type';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'no numeric value';
  if (typeof source !== 'string' || source === '') return 'no source';
  if (typeof start !== 'string' || typeof end !== 'string') return 'no start or end';
  const startAt = Date.parse(start);
  const endAt = Date.parse(end);
  const offset = offsetOf(start);
  if (Number.isNaN(startAt) || Number.isNaN(endAt) || offset === undefined) {
    return 'start and end must be ISO 8601 instants with an offset';
  }
  const meta = typeof row.meta === 'string' ? parseJson(row.meta) : undefined;
  const loinc = typeof row.loinc === 'string' ? row.loinc : undefined;
  const sample: NewSample = {
    kind: type,
    start: startAt,
    end: endAt,
    value,
    utcOffsetMin: offset,
    source,
    device: typeof row.device === 'string' ? row.device : null,
    // No path is a path too (the source's own API, a manual entry): '' keeps the pipeline from setting one.
    path: typeof row.path === 'string' ? row.path : '',
    flag: typeof row.flag === 'string' ? row.flag : null,
    meta: isObject(meta) ? (meta as SampleMeta) : loinc ? { loinc } : null,
  };
  if (typeof unit === 'string') sample.unit = unit;
  if (typeof row.tz === 'string') sample.tz = row.tz;
  if (typeof row.originId === 'string') sample.originId = row.originId;
  return sample;
}

function toClinicalRecord(row: unknown, index: number): ClinicalRecordInput | string {
  if (!isObject(row)) return 'not an object';
  const { category, resourceType, display, source } = row;
  if (!(clinicalCategories as readonly unknown[]).includes(category)) return 'unknown category';
  if (typeof resourceType !== 'string' || typeof display !== 'string' || typeof source !== 'string') {
    return 'no resource type, display or source';
  }
  const detail = typeof row.detail === 'string' ? parseJson(row.detail) : undefined;
  const instant = (v: unknown) =>
    typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : null;
  return {
    source,
    resourceType,
    // Version 1 had no origin id: the row's position stands in, so importing it again updates the same row.
    originId: typeof row.originId === 'string' ? row.originId : `healthfolio-export:${index}`,
    category: category as ClinicalCategory,
    recordedAt: instant(row.recordedAt),
    endedAt: instant(row.endedAt),
    display,
    status: typeof row.status === 'string' ? row.status : null,
    detail: isObject(detail) ? detail : {},
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function toGoal(row: unknown): RestoredGoal | string {
  if (!isObject(row)) return 'not an object';
  const { title, metric, target, direction, period, deadline, startValue, created } = row;
  if (typeof title !== 'string' || typeof metric !== 'string') return 'no title or metric';
  if (typeof target !== 'number' || !Number.isFinite(target)) return 'no numeric target';
  if (typeof direction !== 'string' || typeof period !== 'string') return 'no direction or period';
  if (typeof created !== 'string' || !DAY.test(created)) return 'no creation day';
  return {
    title,
    metric,
    target,
    direction,
    period,
    deadline: typeof deadline === 'string' && DAY.test(deadline) ? deadline : null,
    startValue: typeof startValue === 'number' ? startValue : null,
    created,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

import {
  getMetric,
  getSource,
  isSandboxDevice,
  plainDevice,
  pathOf,
  PUSH_PATH,
  SANDBOX_PATH,
  type MetricKind,
  type MetricsWhy,
} from '@healthfolio/core';
import { getImporter } from '@healthfolio/importers';
import type { Db } from '../../db/database';
import { statsOfSamples, type Stats } from './bucket-stats';
import { isExcludedRank, mergeStreams, streamKey, type MergeSample, type StreamContribution } from './merge';
import { PrioritiesRepository } from './priorities.repository';
import { rankFunction } from './priority';
import { SamplesRepository } from './samples.repository';
import { SandboxPreferenceRepository } from './sandbox-preference.repository';
import { dateToDay } from './time';

type WhyStream = MetricsWhy['streams'][number];

const SANDBOX_LABEL = 'sandbox (generated data)';
/** A sandbox path while the person has not included sandbox data (Settings): listed, never counted. */
const SANDBOX_LEFT_OUT = 'sandbox (generated data, left out: include it in Settings)';

/** How a path reads to people: "Apple Health export (export.zip or export.xml)", "Oura API". */
export function pathLabel(path: string | null, source: string): string {
  if (path === null) {
    if (source === 'manual') return 'typed in';
    const known = getSource(source);
    const viaApi = known && ['oauth', 'credentials', 'url'].includes(known.connectMethod);
    return viaApi ? `${known.name} API` : (known?.name ?? source);
  }
  if (path === PUSH_PATH) return 'pushed to the ingest URL';
  if (path === SANDBOX_PATH) return SANDBOX_LABEL;
  return getImporter(path)?.label ?? path;
}

/** "Why this number": which stream won which part of a day, what each added, and the paths it came by. */
export class WhyService {
  private readonly samples: SamplesRepository;
  private readonly priorities: PrioritiesRepository;
  private readonly preference: SandboxPreferenceRepository;

  constructor(db: Db) {
    this.samples = new SamplesRepository(db.kysely);
    this.priorities = new PrioritiesRepository(db.kysely);
    this.preference = new SandboxPreferenceRepository(db.kysely);
  }

  async explain(userId: string, type: MetricKind, date: string): Promise<MetricsWhy> {
    const metric = getMetric(type)!;
    // A pair is explained by its first component (systolic): both share sources and priorities.
    const kind = metric.components?.[0] ?? metric.kind;
    const aggregation = metric.aggregation;
    const rank = rankFunction(kind, await this.priorities.list(userId, kind), {
      includeSandbox: await this.preference.includesSandbox(userId),
    });
    // A stream's own value is what it holds, counted or not (a sandbox stream left out shows its own).
    const ownRank = rankFunction(kind, await this.priorities.list(userId, kind), { includeSandbox: true });
    const samples: MergeSample[] = await this.samples.forDays(userId, kind, [dateToDay(date)]);
    const merged = mergeStreams(samples, aggregation, rank);
    // A device's readings by every path it came by, for what it would be on its own.
    const byDevice = new Map<string, MergeSample[]>();
    for (const s of samples) {
      const key = entryKey(s.source, s.device);
      const list = byDevice.get(key);
      if (list) list.push(s);
      else byDevice.set(key, [s]);
    }
    const valueOf = (stats: Pick<Stats, 'count' | 'sum' | 'last'>) =>
      stats.count === 0
        ? null
        : aggregation === 'sum'
          ? stats.sum
          : aggregation === 'avg'
            ? stats.sum / stats.count
            : stats.last;

    // Paths of one device follow each other in the merge's order (merge.ts): one entry per device.
    const streams: WhyStream[] = [];
    const entries = new Map<string, WhyStream>();
    for (const c of merged.streams) {
      const device = plainDevice(c.device);
      const key = entryKey(c.source, c.device);
      let entry = entries.get(key);
      if (!entry) {
        const own = statsOfSamples(byDevice.get(key) ?? [], aggregation, ownRank);
        entry = {
          source: c.source,
          device,
          rank: streams.length + 1,
          contributed: 0,
          samples: 0,
          samplesUsed: 0,
          msWon: 0,
          ownValue: valueOf(own),
          paths: [],
        };
        entries.set(key, entry);
        streams.push(entry);
      }
      addContribution(entry, c);
    }
    return {
      type: metric.kind,
      date,
      unit: metric.unit ?? '1',
      aggregation,
      value: valueOf({ count: merged.count, sum: merged.sum, last: merged.last }),
      count: merged.count,
      min: merged.min,
      max: merged.max,
      streams,
    };
  }
}

/**
 * One entry per device, its paths together; sandbox data is generated, never a path of the person's
 * device, so it has an entry of its own.
 */
const entryKey = (source: string, stored: string | null) =>
  streamKey(source, isSandboxDevice(stored) ? stored : plainDevice(stored));

function addContribution(entry: WhyStream, c: StreamContribution): void {
  entry.contributed += c.contributed;
  entry.samples += c.samples;
  entry.samplesUsed += c.samplesUsed;
  entry.msWon += c.msWon;
  const path = pathOf(c.device);
  entry.paths.push({
    path,
    label: path === SANDBOX_PATH && isExcludedRank(c.rank) ? SANDBOX_LEFT_OUT : pathLabel(path, c.source),
    contributed: c.contributed,
    samples: c.samples,
    samplesUsed: c.samplesUsed,
  });
}

import { getMetric, type MetricKind, type MetricsWhy } from '@healthfolio/core';
import type { Db } from '../../db/database';
import { statsOfSamples } from './bucket-stats';
import { mergeStreams, streamKey, type MergeSample } from './merge';
import { PrioritiesRepository } from './priorities.repository';
import { rankFunction } from './priority';
import { SamplesRepository } from './samples.repository';
import { dateToDay } from './time';

/** "Why this number": which stream won which part of a day, and what each one added. */
export class WhyService {
  private readonly samples: SamplesRepository;
  private readonly priorities: PrioritiesRepository;

  constructor(db: Db) {
    this.samples = new SamplesRepository(db.kysely);
    this.priorities = new PrioritiesRepository(db.kysely);
  }

  async explain(userId: string, type: MetricKind, date: string): Promise<MetricsWhy> {
    const metric = getMetric(type)!;
    // A pair is explained by its first component (systolic): both share sources and priorities.
    const kind = metric.components?.[0] ?? metric.kind;
    const aggregation = metric.aggregation;
    const rank = rankFunction(kind, await this.priorities.list(userId, kind));
    const samples: MergeSample[] = await this.samples.forDays(userId, kind, [dateToDay(date)]);
    const merged = mergeStreams(samples, aggregation, rank);
    const byStream = new Map<string, MergeSample[]>();
    for (const s of samples) {
      const key = streamKey(s.source, s.device);
      const list = byStream.get(key);
      if (list) list.push(s);
      else byStream.set(key, [s]);
    }
    const value =
      merged.count === 0
        ? null
        : aggregation === 'sum'
          ? merged.sum
          : aggregation === 'avg'
            ? merged.sum / merged.count
            : merged.last;
    return {
      type: metric.kind,
      date,
      unit: metric.unit ?? '1',
      aggregation,
      value,
      count: merged.count,
      min: merged.min,
      max: merged.max,
      streams: merged.streams.map((s, i) => {
        const own = statsOfSamples(byStream.get(streamKey(s.source, s.device)) ?? [], aggregation, rank);
        const ownValue =
          own.count === 0
            ? null
            : aggregation === 'sum'
              ? own.sum
              : aggregation === 'avg'
                ? own.sum / own.count
                : own.last;
        return {
          source: s.source,
          device: s.device,
          rank: i + 1,
          contributed: s.contributed,
          samples: s.samples,
          samplesUsed: s.samplesUsed,
          msWon: s.msWon,
          ownValue,
        };
      }),
    };
  }
}

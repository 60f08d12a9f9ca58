import { randomUUID } from 'node:crypto';
import {
  getMetric,
  metricCatalogue,
  referenceFlag,
  type ManualEntry,
  type ManualEntryUpdate,
  type MetricDefinition,
  type SampleItem,
} from '@healthfolio/core';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { parseMeta, toPairItem, toSampleItem } from './sample-item';
import { isProblem, prepareSample, type NewSample, type SampleRow } from './sample-row';
import { SamplesRepository, type StoredSampleRow } from './samples.repository';
import type { SampleStore } from './write/samples.store';
import { DAY_MS, parseInstant } from './time';
import type { UserTimeZoneRepository } from './user-time-zone.repository';

export const MANUAL_SOURCE = 'manual';

/** The pair a component kind belongs to (blood_pressure_systolic → blood_pressure). */
const pairOf = new Map<string, MetricDefinition>(
  (metricCatalogue as readonly MetricDefinition[]).flatMap((m) =>
    m.components ? m.components.map((c): [string, MetricDefinition] => [c, m]) : [],
  ),
);

interface Instant {
  ms: number;
  offsetMin: number;
}

/** Manual entries: `POST/PUT/DELETE /api/metrics[/:id]`. Only the owner's samples exist for a user. */
export class EntriesService {
  private readonly samples: SamplesRepository;

  constructor(
    db: Db,
    private readonly store: SampleStore,
    private readonly zones: UserTimeZoneRepository,
    private readonly now: () => number,
  ) {
    this.samples = new SamplesRepository(db.kysely);
  }

  async create(userId: string, entry: ManualEntry): Promise<SampleItem> {
    const metric = getMetric(entry.type)!;
    const start = parseInstant(entry.start);
    const end = entry.end ? parseInstant(entry.end) : start;
    this.checkTimes(start, end);
    const tz = entry.timeZone ?? (await this.zones.get(userId)) ?? null;
    const base = { start, end, tz, unit: entry.unit, notes: entry.notes, originId: `manual:${randomUUID()}` };
    if (metric.components) {
      const [first, second] = metric.components;
      const systolic = entry.systolic ?? entry.value;
      if (systolic === undefined)
        throw new AppError('validation', 'systolic: Required for blood pressure (or give value)');
      if (entry.diastolic === undefined)
        throw new AppError('validation', 'diastolic: Required for blood pressure');
      const rows = [row(first, systolic, base, 'systolic'), row(second, entry.diastolic, base, 'diastolic')];
      const [a, b] = await this.store.create(userId, rows);
      return toPairItem(metric.kind, a!, b);
    }
    if (entry.value === undefined) throw new AppError('validation', 'value: Required');
    const [stored] = await this.store.create(userId, [row(metric.kind, entry.value, base, 'value')]);
    return toSampleItem(stored!);
  }

  async get(userId: string, id: number): Promise<SampleItem> {
    const found = await this.samples.byId(userId, id);
    if (!found) throw notFound('Sample');
    const pair = pairOf.get(found.kind);
    const [first, second] = pair?.components ?? [];
    const partnerKind = found.kind === first ? second : first;
    const partner = pair && partnerKind ? await this.samples.partner(userId, partnerKind, found) : undefined;
    if (!pair || !partner) return toSampleItem(found);
    return found.kind === first
      ? toPairItem(pair.kind, found, partner)
      : toPairItem(pair.kind, partner, found);
  }

  async update(userId: string, id: number, changes: ManualEntryUpdate): Promise<SampleItem> {
    const before = await this.samples.byId(userId, id);
    if (!before) throw notFound('Sample');
    if (before.source !== MANUAL_SOURCE) {
      throw new AppError('conflict', 'Only manual entries can be edited; delete this sample instead');
    }
    const pair = pairOf.get(before.kind);
    const partnerKind = pair?.components?.find((k) => k !== before.kind);
    const partner = partnerKind ? await this.samples.partner(userId, partnerKind, before) : undefined;
    const shownKind = partner && pair ? pair.kind : before.kind;
    if (changes.type !== undefined && changes.type !== shownKind && changes.type !== before.kind) {
      throw new AppError('validation', `type: A sample of ${shownKind} cannot become ${changes.type}`);
    }

    const start = changes.start
      ? parseInstant(changes.start)
      : { ms: before.start_at, offsetMin: before.utc_offset_min };
    const end = changes.end
      ? parseInstant(changes.end)
      : { ms: start.ms + (before.end_at - before.start_at), offsetMin: start.offsetMin };
    this.checkTimes(start, end);
    const meta = parseMeta(before.meta);
    const base = {
      start,
      end,
      tz: changes.timeZone ?? before.tz,
      notes: changes.notes ?? meta.notes,
      originId: before.origin_id,
    };
    const value = (s: StoredSampleRow, given: number | undefined, field: string) =>
      given === undefined
        ? row(s.kind, s.value, { ...base, unit: undefined }, field)
        : row(s.kind, given, { ...base, unit: changes.unit }, field);

    if (partner && pair) {
      const [sys, dia] = before.kind === pair.components![0] ? [before, partner] : [partner, before];
      const updated = await this.store.update(userId, [
        { before: sys, row: value(sys, changes.systolic ?? changes.value, 'systolic') },
        { before: dia, row: value(dia, changes.diastolic, 'diastolic') },
      ]);
      return toPairItem(pair.kind, updated[0]!, updated[1]);
    }
    const [updated] = await this.store.update(userId, [
      { before, row: value(before, changes.value, 'value') },
    ]);
    return toSampleItem(updated!);
  }

  async delete(userId: string, id: number): Promise<void> {
    const before = await this.samples.byId(userId, id);
    if (!before) throw notFound('Sample');
    const partnerKind = pairOf.get(before.kind)?.components?.find((k) => k !== before.kind);
    const partner = partnerKind ? await this.samples.partner(userId, partnerKind, before) : undefined;
    await this.store.delete(userId, partner ? [before, partner] : [before]);
  }

  private checkTimes(start: Instant, end: Instant): void {
    const latest = this.now() + DAY_MS;
    if (start.ms > latest)
      throw new AppError('validation', 'start: Must not be more than a day in the future');
    if (end.ms > latest) throw new AppError('validation', 'end: Must not be more than a day in the future');
    if (end.ms < start.ms) throw new AppError('validation', 'end: Must not be before start');
  }
}

interface RowBase {
  start: Instant;
  end: Instant;
  tz: string | null;
  unit?: string | undefined;
  notes?: string | undefined;
  originId: string;
}

/** A validated row, or a 400 naming the field. Manual values outside the catalogue's range are flagged. */
function row(kind: string, value: number, base: RowBase, valueField: string): SampleRow {
  const sample: NewSample = {
    kind,
    start: base.start.ms,
    end: base.end.ms,
    value,
    utcOffsetMin: base.start.offsetMin,
    tz: base.tz,
    source: MANUAL_SOURCE,
    device: null,
    originId: base.originId,
    meta: base.notes !== undefined ? { notes: base.notes } : null,
    ...(base.unit !== undefined ? { unit: base.unit } : {}),
  };
  const prepared = prepareSample(sample);
  if (isProblem(prepared)) {
    const field = prepared.field === 'value' ? valueField : prepared.field;
    throw new AppError('validation', `${field}: ${prepared.message}`);
  }
  const flag = referenceFlag(prepared.kind, prepared.value);
  return { ...prepared, flag: flag && flag !== 'normal' ? flag : null };
}

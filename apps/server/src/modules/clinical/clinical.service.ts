import {
  CLINICAL_GROUP_LIMIT,
  clinicalCategories,
  getSource,
  metricCatalogue,
  type ClinicalCategory,
  type ClinicalRecord,
  type ClinicalRecordPage,
  type ClinicalRecordsQuery,
  type ClinicalSummary,
  type VaClinicalData,
} from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { SamplesQuery } from '../metrics';
import { ClinicalRecordsRepository, NO_DATE, type ClinicalRecordRow } from './clinical-records.repository';

const LAB_KINDS = metricCatalogue.filter((m) => m.category === 'labs').map((m) => m.kind as string);
const VITAL_KINDS = metricCatalogue
  .filter((m) => m.category === 'vitals' && m.valueType !== 'pair')
  .map((m) => m.kind as string);

/** The clinical view: the records of every source (FHIR imports, SMART syncs), owner-scoped. */
export class ClinicalService {
  private readonly repo: ClinicalRecordsRepository;

  constructor(
    db: Kysely<Database>,
    private readonly samples: Pick<SamplesQuery, 'latestOfKinds'>,
  ) {
    this.repo = new ClinicalRecordsRepository(db);
  }

  async list(userId: string, query: ClinicalRecordsQuery): Promise<ClinicalRecordPage> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const filter = {
      ...(query.category !== undefined ? { category: query.category } : {}),
      ...(query.source !== undefined ? { source: query.source } : {}),
    };
    const rows = await this.repo.page(userId, filter, {
      limit: query.limit + 1,
      ...(after ? { after } : {}),
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > query.limit && last ? encodeCursor(last.sort_key, last.id) : null;
    return { items: page.map(toClinicalRecord), nextCursor };
  }

  async summary(userId: string): Promise<ClinicalSummary> {
    const counts = await this.repo.counts(userId);
    const categories = emptyCounts();
    const bySource = new Map<string, number>();
    let total = 0;
    for (const { category, source, count } of counts) {
      if (isCategory(category)) categories[category] += count;
      bySource.set(source, (bySource.get(source) ?? 0) + count);
      total += count;
    }
    const sources = [...bySource]
      .map(([source, count]) => ({ source, name: getSource(source)?.name ?? source, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    return { total, categories, sources };
  }

  /** SPEC's `GET /integrations/va/clinical-data`: VA records by category and the latest VA labs and vitals. */
  async vaClinicalData(userId: string): Promise<VaClinicalData> {
    const source = 'va';
    const counts = emptyCounts();
    for (const row of await this.repo.counts(userId, { source })) {
      if (isCategory(row.category)) counts[row.category] += row.count;
    }
    const records = Object.fromEntries(clinicalCategories.map((c) => [c, [] as ClinicalRecord[]])) as Record<
      ClinicalCategory,
      ClinicalRecord[]
    >;
    for (const category of clinicalCategories) {
      if (counts[category] === 0) continue;
      const rows = await this.repo.page(userId, { category, source }, { limit: CLINICAL_GROUP_LIMIT });
      records[category] = rows.map(toClinicalRecord);
    }
    const [labs, vitals] = await Promise.all([
      this.samples.latestOfKinds(userId, source, LAB_KINDS),
      this.samples.latestOfKinds(userId, source, VITAL_KINDS),
    ]);
    return { records, counts, labs, vitals };
  }
}

const isCategory = (value: string): value is ClinicalCategory =>
  (clinicalCategories as readonly string[]).includes(value);

function emptyCounts(): Record<ClinicalCategory, number> {
  return Object.fromEntries(clinicalCategories.map((c) => [c, 0])) as Record<ClinicalCategory, number>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toClinicalRecord(row: ClinicalRecordRow): ClinicalRecord {
  return {
    id: String(row.id),
    source: row.source,
    resourceType: row.resource_type,
    category: isCategory(row.category) ? row.category : 'condition',
    recordedAt: iso(row.recorded_at),
    endedAt: iso(row.ended_at),
    display: row.display,
    status: row.status,
    detail: parseDetail(row.detail),
  };
}

function parseDetail(detail: string | null): Record<string, unknown> {
  if (!detail) return {};
  try {
    const parsed: unknown = JSON.parse(detail);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function encodeCursor(key: number, id: number): string {
  return Buffer.from(`${key === NO_DATE ? 'none' : key}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { key: number; id: number } {
  const match = /^(-?\d+|none):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw new AppError('validation', 'cursor: Invalid cursor; pass nextCursor of the previous page');
  return { key: match[1] === 'none' ? NO_DATE : Number(match[1]), id: Number(match[2]) };
}

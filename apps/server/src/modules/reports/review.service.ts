import { rm } from 'node:fs/promises';
import {
  resolveMetricKind,
  type ImportJob,
  type ImportProblem,
  type ReportConfirm,
  type ReportResult,
} from '@healthfolio/core';
import { MAX_RESULTS, resultsToSamples } from '@healthfolio/importers';
import { AppError, notFound } from '../../http/errors';
import { ImportsRepository, type ImportRow, MAX_PROBLEMS, presentImport, readReportInfo } from '../imports';
import type { SampleWriter, SamplesQuery } from '../metrics';

/** Statuses an import may be discarded in: nothing of it was written. */
const DISCARDABLE = ['needs_review', 'failed'];

/**
 * The review of a lab or DEXA report (DESIGN "Sources"): confirm writes the results, as read or as
 * corrected, through the SampleWriter in one transaction with the import's own update; discard removes
 * the import and its PDF; the PDF stays downloadable by its owner.
 */
export class ReviewService {
  constructor(
    private readonly repo: ImportsRepository,
    private readonly writer: SampleWriter,
    private readonly zones: Pick<SamplesQuery, 'timeZone'>,
    private readonly now: () => number,
    /** Told when confirmed results were written (insights run again). */
    private readonly onConfirmed?: (userId: string) => void,
  ) {}

  async confirm(userId: string, id: string, confirm: ReportConfirm): Promise<ImportJob> {
    const row = await this.owned(userId, id);
    if (row.status !== 'needs_review' || !row.results) throw notWaiting(row);
    const results = corrected(JSON.parse(row.results) as ReportResult[], confirm);
    const info = readReportInfo(row.report);
    const samples = resultsToSamples(results, {
      source: info.source ?? 'generic_lab_report',
      importId: row.id,
      fileName: row.file_name,
      timeZone: (await this.zones.timeZone(userId)) ?? 'UTC',
    });
    await this.writer.writeOnce(userId, samples, async (trx, written) => {
      const problems: ImportProblem[] = written.rejected.slice(0, MAX_PROBLEMS).map((r) => ({
        message: `${results[r.index]?.name ?? 'result'}: ${r.field}: ${r.message}`,
        record: r.index,
      }));
      const done = await new ImportsRepository(trx).updateIf(row.id, 'needs_review', {
        status: 'succeeded',
        inserted: written.inserted,
        updated: written.updated,
        duplicates: written.duplicates,
        rejected: written.rejected.length,
        samples_done: samples.length,
        errors: JSON.stringify(problems),
        results: JSON.stringify(results),
        finished_at: this.now(),
      });
      // Confirmed meanwhile by another request: this one's rows roll back with it.
      if (!done) throw notWaiting({ ...row, status: 'succeeded' });
    });
    this.onConfirmed?.(userId);
    return presentImport((await this.repo.get(userId, id))!);
  }

  async discard(userId: string, id: string): Promise<void> {
    const row = await this.owned(userId, id);
    if (!DISCARDABLE.includes(row.status)) {
      throw new AppError(
        'conflict',
        `Only an import waiting for review or one that failed can be discarded; this one is ${row.status.replace('_', ' ')}.`,
      );
    }
    await this.repo.delete(userId, id);
    for (const file of [row.document_path, row.file_path]) if (file) await rm(file, { force: true });
  }

  /** The original PDF of a report import. */
  async document(userId: string, id: string): Promise<{ path: string; fileName: string }> {
    const row = await this.owned(userId, id);
    if (!row.document_path) throw notFound('Document');
    return { path: row.document_path, fileName: row.file_name };
  }

  private async owned(userId: string, id: string): Promise<ImportRow> {
    const row = await this.repo.get(userId, id);
    if (!row) throw notFound('Import');
    return row;
  }
}

const notWaiting = (row: ImportRow) =>
  new AppError('conflict', `This import is not waiting for review; it is ${row.status.replace('_', ' ')}.`);

/** The results with the person's corrections applied and the skipped ones left out. */
export function corrected(results: readonly ReportResult[], confirm: ReportConfirm): ReportResult[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  const changes = new Map<string, NonNullable<ReportConfirm['results']>[number]>();
  (confirm.results ?? []).forEach((change, i) => {
    if (!byId.has(change.id))
      throw new AppError('validation', `results.${i}.id: no result "${change.id}" in this import`);
    if (change.kind !== undefined && change.kind !== 'custom' && !resolveMetricKind(change.kind)) {
      throw new AppError('validation', `results.${i}.kind: unknown metric kind "${change.kind}"`);
    }
    changes.set(change.id, change);
  });
  const out: ReportResult[] = [];
  for (const result of results.slice(0, MAX_RESULTS)) {
    const change = changes.get(result.id);
    if (!change) {
      out.push(result);
      continue;
    }
    if (change.skip) continue;
    const next = { ...result };
    if (change.value !== undefined) {
      next.value = change.value;
      next.valueText = change.valueText ?? (change.value === null ? result.valueText : String(change.value));
    } else if (change.valueText !== undefined) next.valueText = change.valueText;
    if (change.value !== undefined) next.flag = reflag(result.flag, next.value, next.referenceRange);
    if (change.unit !== undefined) next.unit = change.unit;
    if (change.kind !== undefined)
      next.kind = change.kind === 'custom' ? 'custom' : resolveMetricKind(change.kind)!;
    out.push(next);
  }
  return out;
}

/** A corrected value's flag against the lab's own range; a critical flag stays while the value is still beyond it. */
function reflag(
  before: string | null,
  value: number | null,
  range: ReportResult['referenceRange'],
): string | null {
  if (value === null || !range || (range.low === undefined && range.high === undefined)) return before;
  const side =
    range.high !== undefined && value > range.high
      ? 'high'
      : range.low !== undefined && value < range.low
        ? 'low'
        : null;
  if (side === null) return null;
  return before === `critical_${side}` ? before : side;
}

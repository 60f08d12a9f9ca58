import { rm, stat } from 'node:fs/promises';
import { PdfReportError } from '@healthfolio/importers';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportRow, ImportsRepository } from './imports.repository';
import { readReportInfo, type ReportInfo } from './report-info';
import { DEFAULT_REPORT_LIMITS, extractInWorker, type ReportLimits } from './report-source';

export interface ReportImportDeps {
  repo: ImportsRepository;
  log: FastifyBaseLogger;
  now: () => number;
  limits?: ReportLimits;
  /** Aborted when the server shuts down: the import stays `running` and is read again on the next start. */
  signal: AbortSignal;
}

/**
 * Reads a lab or DEXA report for review: nothing is written but the import row, which goes to
 * `needs_review` with the results and keeps the PDF (DESIGN "Sources"), or to `failed` with the reason
 * (the PDF is then removed). The reading happens in a bounded worker (report-source.ts).
 */
export async function readReportForReview(row: ImportRow & { file_path: string }, deps: ReportImportDeps) {
  const { repo, now } = deps;
  await repo.update(row.id, { status: 'running', started_at: row.started_at ?? now() });
  const info = readReportInfo(row.report);
  const owner = await repo.owner(row.user_id);
  try {
    const extraction = await extractInWorker(
      {
        path: row.file_path,
        fileName: row.file_name,
        size: (await stat(row.file_path)).size,
        options: {
          ...(info.hint ? { hint: info.hint } : {}),
          ...(info.labName ? { labName: info.labName } : {}),
          ...(owner?.name ? { ownerName: owner.name } : {}),
        },
      },
      deps.limits ?? DEFAULT_REPORT_LIMITS,
      deps.signal,
    );
    const { results, warnings, source, lab, patientName, date, pages } = extraction;
    const report: ReportInfo = { ...info, source, lab, patientName, date, pages };
    await repo.update(row.id, {
      status: 'needs_review',
      results: JSON.stringify(results),
      report: JSON.stringify(report),
      records_read: results.length,
      bytes_read: Number(row.bytes_total),
      warnings: JSON.stringify(warnings),
      document_path: row.file_path,
      file_path: null,
    });
  } catch (error) {
    if (deps.signal.aborted) return;
    const refused = error instanceof PdfReportError;
    if (!refused) deps.log.error({ err: error, importId: row.id }, 'report could not be read');
    await repo.update(row.id, {
      status: 'failed',
      failure: refused ? error.message : 'The report could not be read because of an unexpected error.',
      finished_at: now(),
      file_path: null,
    });
    await rm(row.file_path, { force: true });
  }
}

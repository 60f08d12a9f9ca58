import { randomUUID } from 'node:crypto';
import {
  reportContentSchema,
  reportSections,
  type ReportContent,
  type ReportJob,
  type ReportRequest,
  type ReportSection,
} from '@healthfolio/core';
import { AppError, notFound } from '../../http/errors';
import { buildReport } from './report-build';
import { readReportData, type ReportDataDeps } from './report-data';
import { renderReportPdf } from './report-pdf';
import type { ReportRow, SummaryReportsRepository } from './summary-reports.repository';

export interface SummaryReportsDeps extends ReportDataDeps {
  repo: SummaryReportsRepository;
  /** Queues `generateReport(id)` (ReportJobs: a job of the queue). */
  enqueue: (id: string) => void;
  log: { error(obj: object, msg: string): void };
}

const present = (row: ReportRow): ReportJob => ({
  id: row.id,
  status: row.status as ReportJob['status'],
  progress: row.progress,
  from: row.from_day,
  to: row.to_day,
  sections: JSON.parse(row.sections) as ReportSection[],
  createdAt: new Date(Number(row.created_at)).toISOString(),
  finishedAt: row.finished_at === null ? null : new Date(Number(row.finished_at)).toISOString(),
  pages: row.pages,
  bytes: row.bytes,
  failure: row.failure,
});

/** Clinician reports: asked for, made in the background by `generateReport`, listed, downloaded, deleted. */
export class SummaryReportsService {
  constructor(private readonly deps: SummaryReportsDeps) {}

  async create(userId: string, request: ReportRequest): Promise<ReportJob> {
    const id = randomUUID();
    const sections = reportSections.filter((s) => request.sections.includes(s));
    await this.deps.repo.insert({
      id,
      user_id: userId,
      status: 'queued',
      progress: 0,
      from_day: request.from,
      to_day: request.to,
      sections: JSON.stringify(sections),
      created_at: this.deps.now(),
    });
    this.deps.enqueue(id);
    return this.get(userId, id);
  }

  async list(userId: string): Promise<ReportJob[]> {
    return (await this.deps.repo.list(userId)).map(present);
  }

  async get(userId: string, id: string): Promise<ReportJob> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw notFound('Report');
    return present(row);
  }

  /** Whether the user owns this report (the shares module asks before sharing one). */
  async owns(userId: string, id: string): Promise<boolean> {
    return (await this.deps.repo.get(userId, id)) !== undefined;
  }

  async pdf(userId: string, id: string): Promise<{ bytes: Buffer; fileName: string }> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw notFound('Report');
    const bytes = await this.deps.repo.pdf(userId, id);
    if (row.status !== 'succeeded' || !bytes) throw notReady(row);
    return { bytes: Buffer.from(bytes), fileName: `health-report-${row.from_day}-to-${row.to_day}.pdf` };
  }

  async content(userId: string, id: string): Promise<ReportContent> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw notFound('Report');
    const content = await this.deps.repo.content(userId, id);
    if (row.status !== 'succeeded' || !content) throw notReady(row);
    return reportContentSchema.parse(JSON.parse(content));
  }

  async regenerate(userId: string, id: string): Promise<ReportJob> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw notFound('Report');
    if (!(await this.deps.repo.requeue(userId, id))) {
      throw new AppError('conflict', 'This report is being made already; wait for it to finish');
    }
    this.deps.enqueue(id);
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.delete(userId, id))) throw notFound('Report');
  }

  /**
   * Makes one report: reads the data of its sections, builds its content, draws the PDF and keeps both,
   * saying its progress on the way. One function a job queue can call with the id alone; a report
   * deleted meanwhile is simply not written.
   */
  async generateReport(id: string): Promise<void> {
    const { repo } = this.deps;
    const row = await repo.byId(id);
    if (!row || row.status === 'succeeded' || row.status === 'failed') return;
    const started = this.deps.now();
    await repo.update(id, { status: 'running', progress: 5, started_at: started });
    try {
      const sections = JSON.parse(row.sections) as ReportSection[];
      const data = await readReportData(
        this.deps,
        row.user_id,
        { from: row.from_day, to: row.to_day },
        sections,
      );
      await repo.update(id, { progress: 40 });
      let shown = 40;
      const content = buildReport(data, sections, started, (done, total) => {
        shown = 40 + Math.round((done / total) * 40);
      });
      await repo.update(id, { progress: shown });
      const { bytes, pages } = await renderReportPdf(content);
      await repo.update(id, {
        status: 'succeeded',
        progress: 100,
        content: JSON.stringify(content),
        pdf: bytes,
        pages,
        bytes: bytes.length,
        finished_at: this.deps.now(),
      });
    } catch (error) {
      this.deps.log.error({ err: error, reportId: id }, 'making a report failed');
      await repo.update(id, {
        status: 'failed',
        failure: 'The report could not be made; try again, and tell the operator if it keeps failing',
        finished_at: this.deps.now(),
      });
    }
  }
}

function notReady(row: ReportRow): AppError {
  return new AppError(
    'conflict',
    row.status === 'failed' ? 'This report failed; regenerate it' : 'This report is not ready yet',
  );
}

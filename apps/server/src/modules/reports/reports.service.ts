import { open, rm } from 'node:fs/promises';
import type { ImportJob } from '@healthfolio/core';
import { type ImportsService, type ReportRequest, notPdf, type ReceivedFile } from '../imports';
import { fetchReport, type ReportFetchPolicy } from './report-fetch';

/** The SPEC's report endpoints: uploads and fetched BodySpec links, each queued as a report import. */
export class ReportsService {
  constructor(
    private readonly imports: ImportsService,
    private readonly fetchPolicy: ReportFetchPolicy,
  ) {}

  /** An uploaded PDF; anything else is refused (415) before an import exists. */
  async upload(userId: string, file: ReceivedFile, report: ReportRequest): Promise<ImportJob> {
    if (!(await startsLikePdf(file.path))) {
      await rm(file.path, { force: true });
      throw notPdf();
    }
    const { path, fileName, size } = file;
    return this.imports.create(userId, file.id, { path, fileName, size }, 'pdf-report', report);
  }

  /** Fetches a BodySpec report by its link (report-fetch.ts says from where and how), then imports it. */
  async connect(userId: string, reportUrl: string): Promise<ImportJob> {
    const target = await this.imports.uploadPath(userId);
    const { fileName, size } = await fetchReport(reportUrl, this.fetchPolicy, target.path);
    if (!(await startsLikePdf(target.path))) {
      await rm(target.path, { force: true });
      throw notPdf();
    }
    return this.imports.create(userId, target.id, { path: target.path, fileName, size }, 'pdf-report', {
      hint: 'bodyspec',
    });
  }
}

/** "%PDF-" within the first kilobyte, where readers look for it. */
async function startsLikePdf(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

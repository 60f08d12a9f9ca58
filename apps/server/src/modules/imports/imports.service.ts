import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImportJob } from '@healthfolio/core';
import {
  DEFAULT_PDF_LIMITS,
  detectImporter,
  getImporter,
  isReviewImporter,
  openUpload,
  supportedFormats,
  UnsafeArchiveError,
  type AnyImporter,
  type ReportHint,
} from '@healthfolio/importers';
import { AppError, notFound } from '../../http/errors';
import type { ImportRunner } from './import-runner';
import type { ImportsRepository } from './imports.repository';
import { presentImport } from './present';

export interface ReceivedUpload {
  /** Where the upload was written. */
  path: string;
  fileName: string;
  size: number;
}

/** What a lab or DEXA report upload asks for (the SPEC upload endpoints). */
export interface ReportRequest {
  hint?: ReportHint;
  labName?: string;
}

/** Imports: accept an upload, decide its format by content, queue it, report on it. */
export class ImportsService {
  constructor(
    private readonly repo: ImportsRepository,
    private readonly runner: ImportRunner,
    private readonly dataDir: string,
    private readonly now: () => number,
  ) {}

  /** An upload of about this many bytes has begun: what will parse it may start now. */
  expectUpload(bytes: number): void {
    this.runner.expectUpload(bytes);
  }

  /** Where a user's next upload is written; account deletion removes the folder. */
  async uploadPath(userId: string): Promise<{ id: string; path: string }> {
    const dir = path.join(this.dataDir, 'uploads', userId);
    await mkdir(dir, { recursive: true });
    const id = randomUUID();
    return { id, path: path.join(dir, `${id}.upload`) };
  }

  /**
   * Detects the format, then queues the import; a file we cannot read is removed and refused. `report`
   * makes it a lab or DEXA report, read for review.
   */
  async create(
    userId: string,
    id: string,
    upload: ReceivedUpload,
    kind?: string,
    report?: ReportRequest,
  ): Promise<ImportJob> {
    let importer: AnyImporter | undefined;
    let bytesTotal = upload.size;
    try {
      const opened = await openUpload(upload.path, upload.fileName, upload.size);
      try {
        importer = kind ? getImporter(kind) : await detectImporter(opened.files);
        if (kind && !importer) throw unknownKind(kind);
        // A report named by its endpoint or kind must still be a PDF.
        if (kind && importer && isReviewImporter(importer) && (await importer.detect(opened.files)) === 0) {
          throw notPdf();
        }
        if (importer && opened.archive) bytesTotal = opened.files.reduce((sum, f) => sum + f.size, 0);
      } finally {
        opened.close();
      }
    } catch (error) {
      await rm(upload.path, { force: true });
      if (error instanceof UnsafeArchiveError) {
        throw new AppError('unprocessable', `${error.message} — it was not imported.`);
      }
      throw error;
    }
    if (!importer) {
      await rm(upload.path, { force: true });
      throw /\.pdf$/i.test(upload.fileName) ? notPdf() : unsupported();
    }
    const review = isReviewImporter(importer);
    if (review && upload.size > DEFAULT_PDF_LIMITS.maxBytes) {
      await rm(upload.path, { force: true });
      throw new AppError(
        'payload_too_large',
        `This PDF is larger than ${DEFAULT_PDF_LIMITS.maxBytes / 1024 ** 2} MB; lab and DEXA reports are far smaller.`,
      );
    }
    await this.repo.insert({
      id,
      user_id: userId,
      status: 'queued',
      format: importer.format,
      file_name: upload.fileName,
      file_path: upload.path,
      bytes_total: bytesTotal,
      bytes_read: 0,
      records_read: 0,
      samples_done: 0,
      inserted: 0,
      duplicates: 0,
      rejected: 0,
      errors: '[]',
      warnings: '[]',
      failure: null,
      created_at: this.now(),
      started_at: null,
      finished_at: null,
      report: review ? JSON.stringify(report ?? {}) : null,
    });
    // Read before it is queued, so the answer always says `queued`.
    const job = await this.get(userId, id);
    await this.runner.enqueue(id);
    return job;
  }

  async get(userId: string, id: string): Promise<ImportJob> {
    const row = await this.repo.get(userId, id);
    if (!row) throw notFound('Import');
    return presentImport(row);
  }

  async list(userId: string): Promise<ImportJob[]> {
    return (await this.repo.list(userId, 100)).map(presentImport);
  }
}

export function unsupported(): AppError {
  const formats = supportedFormats();
  return new AppError(
    'unsupported_media_type',
    `This file is not in a format we can import. We read: ${formats.map((f) => f.label).join('; ')}.`,
    { details: { formats } },
  );
}

/** A file named .pdf that is not one: said plainly, with the formats we read. */
export function notPdf(): AppError {
  return new AppError(
    'unsupported_media_type',
    'This file is not a PDF. Upload the lab or DEXA report as the PDF the lab or scan provider gave you.',
    { details: { formats: supportedFormats() } },
  );
}

function unknownKind(kind: string): AppError {
  const ids = supportedFormats().map((f) => f.format);
  return new AppError('validation', `kind: "${kind}" is not a format we read (${ids.join(', ')})`);
}

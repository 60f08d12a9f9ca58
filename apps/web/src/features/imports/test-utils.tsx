import type { ImportJob, ReportResult } from '@healthfolio/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A query client without retries, for component tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

export function WithQueries({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Ben's Dexcom Clarity export, as the server describes it; override what the test is about. */
export function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'imp_1',
    status: 'queued',
    format: 'dexcom-clarity',
    formatLabel: 'Dexcom Clarity CSV',
    fileName: 'clarity.csv',
    bytesRead: 0,
    bytesTotal: 2048,
    recordsRead: 0,
    inserted: 0,
    updated: 0,
    duplicates: 0,
    rejected: 0,
    skipped: 0,
    skippedTypes: [],
    errors: [],
    warnings: [],
    failure: null,
    createdAt: '2026-11-22T09:30:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

const letter = { pageWidth: 612, pageHeight: 792 };

/** One result of Chen's Quest report; `line` places it down page 1. */
function labResult(
  id: string,
  name: string,
  kind: string,
  valueText: string,
  unit: string | null,
  referenceRange: ReportResult['referenceRange'],
  flag: string | null,
  line: number,
): ReportResult {
  const value = Number(valueText);
  return {
    id,
    name,
    kind,
    value: Number.isFinite(value) ? value : null,
    valueText,
    unit,
    referenceRange,
    flag,
    date: '2026-11-12',
    lab: 'Quest Diagnostics',
    loinc: null,
    line,
    region: { page: 1, x: 36, y: 180 + line * 14, width: 540, height: 12, ...letter },
  };
}

/** Chen's annual labs at Quest, read and waiting for review; override what the test is about. */
export function reportJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return importJob({
    id: 'imp_report',
    status: 'needs_review',
    format: 'pdf-report',
    formatLabel: 'Lab or DEXA report (PDF)',
    fileName: 'chen-quest-2026.pdf',
    bytesRead: 4096,
    bytesTotal: 4096,
    recordsRead: 4,
    documentUrl: '/api/imports/imp_report/document',
    results: [
      labResult(
        'r1',
        'GLUCOSE',
        'blood_glucose',
        '105',
        'mg/dL',
        { low: 65, high: 99, text: '65-99' },
        'high',
        1,
      ),
      labResult('r2', 'LDL-CHOLESTEROL', 'ldl_cholesterol', '131', 'mg/dL', { high: 100 }, 'high', 2),
      labResult('r3', 'HDL CHOLESTEROL', 'hdl_cholesterol', '52', 'mg/dL', { low: 39 }, null, 3),
      labResult('r4', 'OMEGA-3 INDEX', 'custom', '<4.0', '%', null, 'low', 4),
    ],
    ...overrides,
  });
}

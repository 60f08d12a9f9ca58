import type { ReportHint, ReportSource } from '@healthfolio/importers';

/**
 * The `report` column of a lab or DEXA import (JSON): what the upload asked for, then what the report
 * said about itself once read.
 */
export interface ReportInfo {
  hint?: ReportHint;
  labName?: string;
  source?: ReportSource;
  lab?: string | null;
  patientName?: string | null;
  date?: string | null;
  pages?: number;
}

export function readReportInfo(json: string | null): ReportInfo {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ReportInfo) : {};
  } catch {
    return {};
  }
}

import type { ReportRegion, ReportResult } from '@healthfolio/core';
import type { PdfText, TextCell } from './text/types';

/** The SPEC source kinds a report's samples are stored under. */
export type ReportSource = 'quest_diagnostics' | 'labcorp' | 'generic_lab_report' | 'bodyspec';

/** Which parser the upload asked for (the SPEC upload endpoints); detection decides when none did. */
export type ReportHint = 'quest' | 'labcorp' | 'lab-report' | 'bodyspec';

/** What one report says: who, when, where, and every result, for review before anything is written. */
export interface ParsedReport {
  source: ReportSource;
  /** "Quest Diagnostics", "Labcorp", the lab a generic report names, "BodySpec". */
  lab: string | null;
  patientName: string | null;
  /** ISO day the specimen was collected; for DEXA the latest scan's day. */
  date: string | null;
  results: ReportResult[];
}

/** A report layout: how sure it is that a document is its kind, and how to read it. */
export interface ReportLayout {
  hint: ReportHint;
  /** 0 … 1. */
  detect(text: PdfText): number;
  parse(text: PdfText, options: { labName?: string }): ParsedReport;
}

/** The box around some cells of one page, as the review draws it over the rendered page. */
export function regionOf(
  page: number,
  cells: readonly TextCell[],
  pageWidth: number,
  pageHeight: number,
): ReportRegion {
  const x = Math.min(...cells.map((c) => c.x));
  const y = Math.min(...cells.map((c) => c.top));
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    page,
    x: round(x),
    y: round(y),
    width: round(Math.max(...cells.map((c) => c.right)) - x),
    height: round(Math.max(...cells.map((c) => c.bottom)) - y),
    pageWidth: round(pageWidth),
    pageHeight: round(pageHeight),
  };
}

/** All of a document's text, one line per text line, for detection by phrases. */
export const fullText = (text: PdfText): string =>
  text.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');

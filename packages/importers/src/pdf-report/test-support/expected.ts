import type { ReportResult } from '@healthfolio/core';
import type { ReportSource } from '../report';

/** What the fixture builder printed for one result, and what reading it must give back. */
export interface ExpectedResult {
  name: string;
  kind: string;
  value: number | null;
  valueText: string;
  unit: string | null;
  referenceRange: ReportResult['referenceRange'];
  flag: string | null;
  date: string;
  lab: string | null;
  page: number;
  line: number;
  /** The region's top edge must lie within a few points of where the row was drawn. */
  top: number;
}

/** A generated report: its bytes and everything a reader must find in it. */
export interface Fixture {
  /** The page size in points, when not Letter. */
  pageSize?: [number, number];
  name: string;
  pdf: Buffer;
  source: ReportSource;
  lab: string | null;
  patientName: string;
  date: string;
  pages: number;
  expected: ExpectedResult[];
}

/** One test as a fixture prints it, with what reading it must give. */
export interface PrintedTest {
  /** As printed. */
  name: string;
  /** The result cell as printed, flag included where the layout prints it there ("105 H", "98 High"). */
  result: string;
  /** The flag as printed in its own column (generic layout). */
  flagColumn?: string;
  unit?: string;
  /** The reference range cell as printed. */
  range?: string;
  /** Lines printed under the result (a lab's comment). */
  comment?: readonly string[];
  expect: Pick<ExpectedResult, 'kind' | 'value' | 'valueText' | 'unit' | 'referenceRange' | 'flag'> & {
    name?: string;
  };
}

/** A thunk for the line: known once the page is drawn. */
export type PendingExpected = Omit<ExpectedResult, 'line'> & { line: () => number };

export const settle = (pending: readonly PendingExpected[]): ExpectedResult[] =>
  pending.map((p) => ({ ...p, line: p.line() }));

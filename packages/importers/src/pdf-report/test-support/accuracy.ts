import type { ReportResult } from '@healthfolio/core';
import type { ExpectedResult } from './expected';

export const CHECKED_FIELDS = [
  'name',
  'kind',
  'value',
  'valueText',
  'unit',
  'referenceRange',
  'flag',
  'date',
  'lab',
  'page',
  'line',
  'region',
] as const;

export interface Accuracy {
  right: number;
  total: number;
  /** "GLUCOSE.flag: expected "high", got null". */
  wrong: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const canonical = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => a.localeCompare(b)),
      )
    : v;

/**
 * Fields right over fields total, result by result in order: a missing result counts all its fields
 * wrong, an extra one too. The region counts right when it is on the row's page and its top edge is
 * within 4 points of where the row was drawn.
 */
export function accuracy(actual: readonly ReportResult[], expected: readonly ExpectedResult[]): Accuracy {
  const out: Accuracy = { right: 0, total: 0, wrong: [] };
  const count = Math.max(actual.length, expected.length);
  for (let i = 0; i < count; i++) {
    const got = actual[i];
    const want = expected[i];
    const label = want?.name ?? got?.name ?? `#${i}`;
    for (const field of CHECKED_FIELDS) {
      out.total++;
      if (!got || !want) {
        out.wrong.push(`${label}: ${got ? 'not expected' : 'missing'}`);
        continue;
      }
      const [g, w] = pick(got, want, field);
      if (same(g, w)) out.right++;
      else out.wrong.push(`${label}.${field}: expected ${JSON.stringify(w)}, got ${JSON.stringify(g)}`);
    }
  }
  return out;
}

function pick(
  got: ReportResult,
  want: ExpectedResult,
  field: (typeof CHECKED_FIELDS)[number],
): [unknown, unknown] {
  switch (field) {
    case 'page':
      return [got.region.page, want.page];
    case 'region': {
      const near = got.region.page === want.page && Math.abs(got.region.y - want.top) <= 4;
      return [near, true];
    }
    default:
      return [got[field], want[field]];
  }
}

/** Sums accuracies of several fixtures. */
export const total = (parts: readonly Accuracy[]): Accuracy => ({
  right: parts.reduce((s, p) => s + p.right, 0),
  total: parts.reduce((s, p) => s + p.total, 0),
  wrong: parts.flatMap((p) => p.wrong),
});

/** How many rejection reasons a sync run keeps; the count goes on. */
export const MAX_PROBLEMS = 20;

/**
 * What one sync run did with what it read: every sample it mapped ends as inserted, updated, a
 * duplicate or rejected (the first reasons kept), and `deleted` counts what the provider took back.
 */
export interface RunCounts {
  requests: number;
  samples: number;
  inserted: number;
  updated: number;
  duplicates: number;
  rejected: number;
  deleted: number;
  problems: string[];
}

export const newRunCounts = (): RunCounts => ({
  requests: 0,
  samples: 0,
  inserted: 0,
  updated: 0,
  duplicates: 0,
  rejected: 0,
  deleted: 0,
  problems: [],
});

/** The `sync_runs` columns of the counts. */
export const runColumns = ({ problems, ...counts }: RunCounts) => ({
  ...counts,
  problems: JSON.stringify(problems),
});

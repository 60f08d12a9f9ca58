/** A reading of a row (or a meal) that is not kept: its column, and why. */
export interface Skip {
  type: string;
  reason: string;
}

const NO_METRIC = 'Healthfolio has no metric for it yet; it keeps calories, fat, carbohydrates and protein';
const DAILY_VALUE = 'a % of the daily value, not an amount; Healthfolio has no metric for it';

/** Why each column MyFitnessPal writes and we do not keep is left, by name. */
const REASONS: Record<string, string> = {
  'Saturated Fat': NO_METRIC,
  'Polyunsaturated Fat': NO_METRIC,
  'Monounsaturated Fat': NO_METRIC,
  'Trans Fat': NO_METRIC,
  Cholesterol: NO_METRIC,
  'Sodium (mg)': NO_METRIC,
  Potassium: NO_METRIC,
  Fiber: NO_METRIC,
  Sugar: NO_METRIC,
  'Vitamin A': DAILY_VALUE,
  'Vitamin C': DAILY_VALUE,
  Calcium: DAILY_VALUE,
  Iron: DAILY_VALUE,
  Note: 'a note, not a measurement',
  Steps: "steps come from the tracker itself; MyFitnessPal's copy would count them twice",
};

/**
 * The filled cells of `row` in columns not among `read` (those a mapper reads, and those that place
 * the row), each a reading skipped under its column name. An empty cell is not a reading.
 */
export function otherCells(row: Record<string, string>, read: ReadonlySet<string>): Skip[] {
  const skipped: Skip[] = [];
  for (const column in row) {
    if (!row[column] || read.has(column)) continue;
    skipped.push({
      type: column,
      reason: REASONS[column] ?? 'Healthfolio does not read this MyFitnessPal column yet',
    });
  }
  return skipped;
}

import type { DisplayUnit, MetricDefinition } from './types';

/** Keeps the literal kind so `MetricKind` is a union of the catalogue's names. */
export function defineMetric<const K extends string>(definition: MetricDefinition<K>): MetricDefinition<K> {
  return definition;
}

/** The same display in both unit systems (labs, counts, percentages). */
export function sameDisplay(
  unit: string,
  precision: number,
  label?: string,
): { metric: DisplayUnit; imperial: DisplayUnit } {
  const display: DisplayUnit = label === undefined ? { unit, precision } : { unit, precision, label };
  return { metric: display, imperial: display };
}

type LabInput<K extends string> = Omit<
  MetricDefinition<K>,
  'category' | 'valueType' | 'aggregation' | 'display' | 'unit'
> & {
  unit: string;
  /** Decimal places shown; labs show the same unit in both systems. */
  precision: number;
};

/** A blood or urine lab result: averaged per day, shown in its canonical unit in both systems. */
export function defineLab<const K extends string>({ precision, ...lab }: LabInput<K>): MetricDefinition<K> {
  return {
    ...lab,
    category: 'labs',
    valueType: 'quantity',
    aggregation: 'avg',
    display: sameDisplay(lab.unit, precision),
  };
}

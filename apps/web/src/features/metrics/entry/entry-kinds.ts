import {
  getMetric,
  metricCatalogue,
  unitLabel,
  type MetricDefinition,
  type UnitSystem,
} from '@healthfolio/core';
import { i18n } from '../../../i18n';
import { categoryLabel, kindLabel, unitWord } from '../words';

/** What people record by hand most often, offered first. */
export const commonKinds = [
  'weight',
  'blood_pressure',
  'heart_rate',
  'resting_heart_rate',
  'blood_glucose',
  'body_temperature',
  'oxygen_saturation',
  'steps',
  'sleep_duration',
  'height',
] as const;

export interface KindOption {
  kind: string;
  label: string;
  group: string;
}

/** Parts of a pair are entered through the pair; coded kinds and custom have no number to enter. */
function isEnterable(metric: MetricDefinition, parts: ReadonlySet<string>): boolean {
  return metric.unit !== null && metric.valueType !== 'coded' && !parts.has(metric.kind);
}

/** Every kind a person can enter, common ones first, then the rest by category and label. */
export function kindOptions(): KindOption[] {
  const all = metricCatalogue as readonly MetricDefinition[];
  const parts = new Set(all.flatMap((m) => m.components ?? []));
  const common: KindOption[] = commonKinds.map((kind) => ({
    kind,
    label: kindLabel(kind),
    group: i18n.t('metrics:entry.common'),
  }));
  const rest = all
    .filter((m) => isEnterable(m, parts) && !(commonKinds as readonly string[]).includes(m.kind))
    .map((m) => ({ kind: m.kind, label: kindLabel(m.kind), group: categoryLabel(m.category) }));
  const groups = [...new Set(rest.map((o) => o.group))];
  rest.sort(
    (a, b) =>
      groups.indexOf(a.group) - groups.indexOf(b.group) || a.label.localeCompare(b.label, i18n.language),
  );
  return [...common, ...rest];
}

export interface UnitOption {
  /** The UCUM code sent to the server. */
  code: string;
  label: string;
}

/** Units a kind's value may be typed in: its canonical and display units, and common lab alternatives. */
export function unitOptions(kind: string): UnitOption[] {
  const metric = getMetric(kind);
  if (!metric?.unit) return [];
  const options = new Map<string, string>();
  const add = (code: string, label?: string) => {
    if (!options.has(code)) options.set(code, label ? unitWord(label) : unitLabel(code) || code);
  };
  for (const system of ['metric', 'imperial'] as const) {
    const display = metric.display?.[system];
    if (display) add(display.unit, display.label);
  }
  add(metric.unit, metric.display?.metric.unit === metric.unit ? metric.display.metric.label : undefined);
  // Outside the US, glucose and lipids come in mmol/L; the server converts with the molar mass.
  if (metric.molarMass !== undefined && /g\/dL$/.test(metric.unit)) add('mmol/L');
  for (const special of metric.specialConversions ?? []) add(special.from);
  return [...options].map(([code, label]) => ({ code, label }));
}

/** The unit the entry form starts with: the kind's display unit in the user's system. */
export function defaultUnit(kind: string, system: UnitSystem): string {
  const metric = getMetric(kind);
  return metric?.display?.[system].unit ?? metric?.unit ?? '';
}

import {
  displayUnitFor,
  catalogueConverter,
  getMetric,
  type Goal,
  type GoalDirection,
  type GoalInput,
  type GoalPeriod,
  type MetricKind,
  type UnitSystem,
} from '@healthfolio/core';
import { defaultUnit, unitOptions } from '../metrics/entry/entry-kinds';
import { parseNumber } from '../metrics/entry/entry-request';
import { isDefaultTitle } from './goal-title';
import { i18n } from '../../i18n';

/** The dialog's fields as typed. */
export interface GoalForm {
  metric: MetricKind | '';
  target: string;
  /** UCUM code; the server converts the target from it. */
  unit: string;
  direction: GoalDirection;
  period: GoalPeriod;
  /** yyyy-mm-dd, for by_date. */
  deadline: string;
  title: string;
}

export type GoalField = 'metric' | 'target' | 'deadline' | 'title';
export type GoalCheck = { input: GoalInput } | { errors: Partial<Record<GoalField, string>> };

export const TITLE_MAX = 120;

export const emptyGoalForm = (): GoalForm => ({
  metric: '',
  target: '',
  unit: '',
  direction: 'at_least',
  period: 'daily',
  deadline: '',
  title: '',
});

/**
 * What choosing a metric changes: the unit becomes the user's display unit, and the usual way to aim
 * at it is suggested (a daily total for counted kinds; "at most" for labs with only an upper limit).
 */
export function withMetric(form: GoalForm, metric: MetricKind | '', system: UnitSystem): GoalForm {
  const definition = metric ? getMetric(metric) : undefined;
  if (!definition) return { ...form, metric, unit: '' };
  const range = definition.referenceRange;
  const upperOnly = range?.high !== undefined && range.low === undefined;
  return {
    ...form,
    metric,
    unit: defaultUnit(metric, system),
    direction: upperOnly ? 'at_most' : form.direction,
    period: definition.aggregation === 'sum' && form.period === 'by_date' ? 'daily' : form.period,
  };
}

/**
 * An existing goal, its target shown in the user's display unit: two decimals more than the Dashboard
 * shows, so a target set in pounds comes back as typed (165 lb, stored as 74.84 kg, reads 165). A title
 * the server made is left out, so it is made anew for the changed target.
 */
export function formFromGoal(goal: Goal, system: UnitSystem): GoalForm {
  const metric = getMetric(goal.metric);
  const spec = metric?.unit ? displayUnitFor(metric.kind, system) : undefined;
  const unit = metric ? defaultUnit(metric.kind, system) : goal.unit;
  const target =
    metric?.unit && unit !== goal.unit
      ? catalogueConverter(goal.unit, unit, metric.kind)(goal.target)
      : goal.target;
  return {
    metric: metric?.kind ?? '',
    target: String(Number(target.toFixed((spec?.precision ?? 2) + 2))),
    unit,
    direction: goal.direction,
    period: goal.period,
    deadline: goal.deadline ?? '',
    title: isDefaultTitle(goal) ? '' : goal.title,
  };
}

/** "10 000", "10,000" and "10000" are ten thousand; "5,7" is five point seven. */
export function parseTarget(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const thousands = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact);
  return parseNumber(thousands ? compact.replace(/,/g, '') : compact);
}

const localToday = (now: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** Checks what the browser can, with messages people can act on; the rest is the server's to say. */
export function checkGoalForm(form: GoalForm, now = new Date()): GoalCheck {
  const errors: Partial<Record<GoalField, string>> = {};
  const target = parseTarget(form.target);
  if (!form.metric) errors.metric = i18n.t('goals:errors.metric');
  if (form.target.trim() === '') errors.target = i18n.t('goals:errors.targetEmpty');
  else if (target === undefined) errors.target = i18n.t('goals:errors.targetNumber');
  else if (target < 0) errors.target = i18n.t('goals:errors.targetNegative');
  else if (target === 0 && form.direction === 'at_least') errors.target = i18n.t('goals:errors.targetZero');
  if (form.period === 'by_date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.deadline)) errors.deadline = i18n.t('goals:errors.deadline');
    else if (form.deadline <= localToday(now)) errors.deadline = i18n.t('goals:errors.deadlinePast');
  }
  const title = form.title.trim();
  if (title.length > TITLE_MAX) errors.title = i18n.t('goals:errors.title', { max: TITLE_MAX });
  if (Object.keys(errors).length > 0 || !form.metric || target === undefined) return { errors };
  const units = unitOptions(form.metric);
  const unit = units.some((u) => u.code === form.unit) ? form.unit : units[0]?.code;
  return {
    input: {
      metric: form.metric,
      target,
      ...(unit ? { unit } : {}),
      direction: form.direction,
      period: form.period,
      deadline: form.period === 'by_date' ? form.deadline : null,
      ...(title ? { title } : {}),
    },
  };
}

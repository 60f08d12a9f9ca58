import { emptyGoalForm, type GoalForm } from './goal-form';

export interface GoalExample {
  /** The example's words: `goals:examples.<key>`. */
  key: string;
  form: GoalForm;
}

/** The empty state's starting points; each opens the dialog filled in. */
export const goalExamples: readonly GoalExample[] = [
  {
    key: 'steps',
    form: { ...emptyGoalForm(), metric: 'steps', target: '10000', unit: '{count}' },
  },
  {
    key: 'weight',
    form: {
      ...emptyGoalForm(),
      metric: 'weight',
      target: '75',
      unit: 'kg',
      direction: 'at_most',
      period: 'by_date',
    },
  },
  {
    key: 'a1c',
    form: { ...emptyGoalForm(), metric: 'hemoglobin_a1c', target: '5.7', unit: '%', direction: 'at_most' },
  },
];

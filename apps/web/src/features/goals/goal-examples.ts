import { emptyGoalForm, type GoalForm } from './goal-form';

export interface GoalExample {
  label: string;
  form: GoalForm;
}

/** The empty state's starting points; each opens the dialog filled in. */
export const goalExamples: readonly GoalExample[] = [
  {
    label: '10,000 steps a day',
    form: { ...emptyGoalForm(), metric: 'steps', target: '10000', unit: '{count}' },
  },
  {
    label: 'Weight 75 kg by a date',
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
    label: 'HbA1c under 5.7 %',
    form: { ...emptyGoalForm(), metric: 'hemoglobin_a1c', target: '5.7', unit: '%', direction: 'at_most' },
  },
];

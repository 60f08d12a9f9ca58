import type { Goal, GoalInput, GoalList } from '@healthfolio/core';
import { api, apiGet, apiPost, apiPut } from '../../lib/api';

/** `GET /api/goals`: every goal with its progress. */
export const fetchGoals = (signal?: AbortSignal) =>
  apiGet<GoalList>('/goals', { signal }).then((d) => d.items);

/** `POST /api/goals`; the target is in `unit`, which the server converts. */
export const createGoal = (input: GoalInput) => apiPost<Goal>('/goals', input);

/** `PUT /api/goals/:id`. */
export const updateGoal = (id: string, input: GoalInput) =>
  apiPut<Goal>(`/goals/${encodeURIComponent(id)}`, input);

/** `DELETE /api/goals/:id`: 204, no body. */
export const deleteGoal = async (id: string): Promise<void> => {
  await api.delete(`/goals/${encodeURIComponent(id)}`);
};

import type { GoalInput } from '@healthfolio/core';
import { api } from '../../lib/api';

/** `GET /api/goals`: every goal with its progress. */
export const fetchGoals = (signal?: AbortSignal) => api.get('/api/goals', { signal }).then((d) => d.items);

/** `POST /api/goals`; the target is in `unit`, which the server converts. */
export const createGoal = (input: GoalInput) => api.post('/api/goals', { body: input });

/** `PUT /api/goals/:id`. */
export const updateGoal = (id: string, input: GoalInput) =>
  api.put('/api/goals/:id', { params: { id }, body: input });

/** `DELETE /api/goals/:id`: 204, no body. */
export const deleteGoal = (id: string): Promise<void> => api.delete('/api/goals/:id', { params: { id } });

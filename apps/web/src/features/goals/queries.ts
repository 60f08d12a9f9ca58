import type { Goal, GoalInput } from '@healthfolio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { createGoal, deleteGoal, fetchGoals, updateGoal } from './goals-api';

export const goalsKeys = {
  all: ['goals'] as const,
  list: ['goals', 'list'] as const,
};

export function useGoals() {
  return useQuery({ queryKey: goalsKeys.list, queryFn: ({ signal }) => fetchGoals(signal) });
}

/**
 * Creates a goal, or updates one when given its id; the list shows the answer at once and then
 * refetches. (Not useMutation: the query library's vendor chunk is loaded by /login, and the mutation
 * observer would ride along.)
 */
export function useSaveGoal() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const save = useCallback(
    async (input: GoalInput, id?: string): Promise<Goal> => {
      setPending(true);
      try {
        const goal = id === undefined ? await createGoal(input) : await updateGoal(id, input);
        queryClient.setQueryData<Goal[]>(goalsKeys.list, (goals) =>
          id === undefined ? [...(goals ?? []), goal] : goals?.map((g) => (g.id === id ? goal : g)),
        );
        void queryClient.invalidateQueries({ queryKey: goalsKeys.all });
        return goal;
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );
  return { save, isPending };
}

/** Deletes a goal; its card goes once the server has agreed. */
export function useDeleteGoal() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const remove = useCallback(
    async (id: string): Promise<void> => {
      setPending(true);
      try {
        await deleteGoal(id);
        queryClient.setQueryData<Goal[]>(goalsKeys.list, (goals) => goals?.filter((g) => g.id !== id));
        void queryClient.invalidateQueries({ queryKey: goalsKeys.all });
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );
  return { remove, isPending };
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { browserTimeZone } from '../metrics/queries';

export const workoutsKeys = {
  list: ['workouts', 'list'] as const,
  detail: (id: number) => ['workouts', 'detail', id] as const,
  sleep: (from: string, to: string, tz: string) => ['sleep', 'nights', from, to, tz] as const,
};

/** `GET /api/workouts`: the newest 100 workouts. */
export function useWorkouts() {
  return useQuery({
    queryKey: workoutsKeys.list,
    queryFn: ({ signal }) => api.get('/api/workouts', { query: { limit: 100 }, signal }),
  });
}

/** `GET /api/workouts/:id`: zones and track. */
export function useWorkout(id: number) {
  return useQuery({
    enabled: Number.isInteger(id) && id > 0,
    queryKey: workoutsKeys.detail(id),
    queryFn: ({ signal }) => api.get('/api/workouts/:id', { params: { id }, signal }),
  });
}

/** `GET /api/sleep/nights`: nights that end between two days (inclusive). */
export function useSleepNights(from: string, to: string) {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: workoutsKeys.sleep(from, to, tz),
    queryFn: ({ signal }) => api.get('/api/sleep/nights', { query: { from, to, tz }, signal }),
  });
}

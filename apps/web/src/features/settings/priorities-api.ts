import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** One source stream of a metric: a source, and the device it came from when it named one. */
export interface PriorityStream {
  source: string;
  device: string | null;
}

/** Under `['metrics']`, so a change anywhere in the metrics refetches the order as well. */
export const prioritiesKey = (type: string) => ['metrics', 'priorities', type] as const;

/** `GET /api/metrics/priorities`: the metric's streams, best first. */
export function useMetricPriorities(type: string) {
  return useQuery({
    queryKey: prioritiesKey(type),
    queryFn: ({ signal }) => api.get('/api/metrics/priorities', { query: { type }, signal }),
  });
}

/** `PUT /api/metrics/priorities`: the new order, best first; the server re-merges the metric's days. */
export const savePriorities = (type: string, order: readonly PriorityStream[]) =>
  api.put('/api/metrics/priorities', {
    body: { type, order: order.map(({ source, device }) => ({ source, device })) },
  });

/** How a stream is named on screen and in its buttons: "Garmin (Forerunner 265)". */
export const streamName = ({ source, device }: PriorityStream) => (device ? `${source} (${device})` : source);

export const sameStream = (a: PriorityStream, b: PriorityStream) =>
  a.source === b.source && a.device === b.device;

/** The order with the stream at `index` moved one place up (-1) or down (+1). */
export function moveStream<T>(order: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= order.length || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

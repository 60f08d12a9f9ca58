import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isChartRange, type ChartRange } from '../chart/ranges';
import { validCustom, type PeriodChoice } from './period';

export interface MetricParams {
  /** The named range or custom dates in the URL, or null for the kind's default. */
  choice: PeriodChoice | null;
  overlay: string | null;
  compare: boolean;
  set: (changes: {
    range?: ChartRange;
    from?: string;
    to?: string;
    overlay?: string | null;
    compare?: boolean;
  }) => void;
}

/** The metric page's range, overlay and comparison live in the URL: a reload or a link shows the same. */
export function useMetricParams(): MetricParams {
  const [params, setParams] = useSearchParams();
  const range = params.get('range');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const choice: PeriodChoice | null = validCustom(from, to)
    ? { from, to }
    : isChartRange(range)
      ? { range }
      : null;
  const set = useCallback<MetricParams['set']>(
    (changes) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.range) {
            next.set('range', changes.range);
            next.delete('from');
            next.delete('to');
          }
          if (changes.from !== undefined && changes.to !== undefined) {
            next.delete('range');
            next.set('from', changes.from);
            next.set('to', changes.to);
          }
          if (changes.overlay !== undefined) {
            if (changes.overlay) next.set('overlay', changes.overlay);
            else next.delete('overlay');
          }
          if (changes.compare !== undefined) {
            if (changes.compare) next.set('compare', '1');
            else next.delete('compare');
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return { choice, overlay: params.get('overlay'), compare: params.get('compare') === '1', set };
}

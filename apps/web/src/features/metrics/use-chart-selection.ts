import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isChartRange, type ChartRange } from './chart/ranges';

export interface ChartSelection {
  /** The metric whose chart is open, from `?metric=`. */
  metric: string | null;
  /** `?range=`, when the person chose one. */
  range: ChartRange | null;
  /** When the chart was opened or its range chosen: the range ends then. */
  since: number;
  toggle: (metric: string) => void;
  setRange: (range: ChartRange) => void;
  close: () => void;
}

/** The open chart lives in the URL, so a reload or a shared link shows the same chart. */
export function useChartSelection(): ChartSelection {
  const [params, setParams] = useSearchParams();
  const [since, setSince] = useState(() => Date.now());
  const metric = params.get('metric');
  const rangeParam = params.get('range');

  const update = useCallback(
    (next: { metric: string | null; range: ChartRange | null }) => {
      setSince(Date.now());
      const search = new URLSearchParams();
      if (next.metric) search.set('metric', next.metric);
      if (next.metric && next.range) search.set('range', next.range);
      setParams(search, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );

  return {
    metric,
    range: isChartRange(rangeParam) ? rangeParam : null,
    since,
    toggle: (kind) => update({ metric: kind === metric ? null : kind, range: null }),
    setRange: (range) => update({ metric, range }),
    close: () => update({ metric: null, range: null }),
  };
}

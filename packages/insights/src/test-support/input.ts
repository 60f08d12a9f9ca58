import type { DailySeries, EngineInput } from '../types';
import { TODAY, seriesMap } from './series';

/** An engine input with nothing in it but what the test passes. */
export function engineInput(
  overrides: Partial<Omit<EngineInput, 'series'>> & { series?: DailySeries[] } = {},
): EngineInput {
  const { series = [], ...rest } = overrides;
  return { today: TODAY, labs: [], glucoseReadings: [], goals: [], ...rest, series: seriesMap(...series) };
}

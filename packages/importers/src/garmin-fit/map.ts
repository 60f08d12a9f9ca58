import type { FitFileContext } from './file-context';
import type { FitMessage } from '../shared/fit-values';
import { mapActivity } from './map-activity';
import { mapBody } from './map-body';
import { mapMonitoring } from './map-monitoring';
import { mapSleep } from './map-sleep';
import { FitReadings } from './readings';

/**
 * Every reading of one decoded FIT file, as samples, issues and skips. Each mapper looks only at its
 * own messages, so a file of any type (activity, monitoring, sleep, weight, HRV status, or a mix) is
 * read by the same call.
 */
export function mapFit(messages: readonly FitMessage[], ctx: FitFileContext): FitReadings {
  const out = new FitReadings();
  mapActivity(messages, ctx, out);
  mapMonitoring(messages, ctx, out);
  mapSleep(messages, ctx, out);
  mapBody(messages, ctx, out);
  return out;
}

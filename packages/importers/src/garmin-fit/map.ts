import type { NewSample } from '@healthfolio/core';
import type { ImportIssue } from '../types';
import type { FitFileContext } from './file-context';
import type { FitMessage } from '../shared/fit-values';
import { mapActivity } from './map-activity';
import { mapBody } from './map-body';
import { mapMonitoring } from './map-monitoring';
import { mapSleep } from './map-sleep';

/**
 * Every sample of one decoded FIT file. Each mapper looks only at its own messages, so a file of any
 * type (activity, monitoring, sleep, weight, HRV status, or a mix) is read by the same call.
 */
export function mapFit(
  messages: readonly FitMessage[],
  ctx: FitFileContext,
): { samples: NewSample[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const samples = [
    ...mapActivity(messages, ctx, issues),
    ...mapMonitoring(messages, ctx, issues),
    ...mapSleep(messages, ctx),
    ...mapBody(messages, ctx),
  ];
  return { samples, issues };
}

import { SANDBOX_DEVICE_LIKE } from '@healthfolio/core';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Samples not written by a sandbox connection (sample-paths.ts): the one test every reader of samples
 * uses to leave sandbox data out while the person has not included it.
 */
export const notSandbox = (eb: ExpressionBuilder<Database, 'samples'>) =>
  eb.or([eb('device', 'is', null), eb('device', 'not like', SANDBOX_DEVICE_LIKE)]);

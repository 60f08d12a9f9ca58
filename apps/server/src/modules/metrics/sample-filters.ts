import { SANDBOX_DEVICE_LIKE } from '@healthfolio/core';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Samples not written by a sandbox connection (sample-paths.ts): the one test every reader of samples
 * uses to leave sandbox data out while the person has not included it.
 */
export const notSandbox = (eb: ExpressionBuilder<Database, 'samples'>) =>
  eb.or([eb('device', 'is', null), eb('device', 'not like', SANDBOX_DEVICE_LIKE)]);

/**
 * A lab result, not a CGM reading: CGM readings are stored as blood_glucose too, and a lab's glucose carries
 * a reference range or a flag. The one test every reader of lab results uses.
 */
export const isLabResult = (eb: ExpressionBuilder<Database, 'samples'>) =>
  eb.or([
    eb('kind', '<>', 'blood_glucose'),
    eb('flag', 'is not', null),
    eb('meta', 'like', '%referenceRange%'),
  ]);

/** A CGM reading among blood_glucose samples: neither flag nor reference range (the opposite of a lab's). */
export const isCgmReading = (eb: ExpressionBuilder<Database, 'samples'>) =>
  eb.and([
    eb('flag', 'is', null),
    eb.or([eb('meta', 'is', null), eb('meta', 'not like', '%referenceRange%')]),
  ]);

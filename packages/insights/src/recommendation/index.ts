import type { EngineInput, Finding, InsightRule } from '../types';
import { labsAdvice, restingHeartRateAdvice } from './clinician';
import { bloodPressureAdvice, exerciseAdvice, sleepAdvice, stepsAdvice } from './levels';

export { BP_STAGE1, BP_STAGE2, MIN_EXERCISE_WEEKLY, MIN_SLEEP_HOURS, MIN_STEPS } from './levels';

const advisers = [
  sleepAdvice,
  stepsAdvice,
  exerciseAdvice,
  bloodPressureAdvice,
  restingHeartRateAdvice,
  labsAdvice,
];

/** Plain, cautious, evidence-based advice tied to sustained levels and to other findings; never a diagnosis. */
export const recommendationRule: InsightRule = (input: EngineInput) =>
  advisers.map((advise) => advise(input)).filter((finding): finding is Finding => finding !== undefined);

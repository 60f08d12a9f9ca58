import { words, type Words } from '../words';

/** Cautious advice for a trend in the unhealthy direction, by kind; never a diagnosis (words/en.ts trendAdvice). */
export function trendAdvice(kind: string, w: Words = words('en', 0)): string[] {
  return w.say.trendAdvice[kind] ?? w.say.trendAdviceOther;
}

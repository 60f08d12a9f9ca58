import { reportSections, type ReportSection } from '@healthfolio/core';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The default period: the 90 days up to yesterday (today is not over yet). */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  const to = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const from = new Date(to.getTime() - 89 * 86_400_000);
  return { from: iso(from), to: iso(to) };
}

/** What is wrong with a period and a choice of sections (`reports:problems.<code>`); null when it can be asked for. */
export type FormProblem = 'noPeriod' | 'endsBeforeStart' | 'noSection';

export function formProblem(
  from: string,
  to: string,
  sections: readonly ReportSection[],
): FormProblem | null {
  if (!from || !to) return 'noPeriod';
  if (from > to) return 'endsBeforeStart';
  if (sections.length === 0) return 'noSection';
  return null;
}

export const allSections: readonly ReportSection[] = reportSections;

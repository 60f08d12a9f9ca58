import {
  reportSectionTitles,
  type ReportBlock,
  type ReportContent,
  type ReportSection,
} from '@healthfolio/core';
import { isoDay } from '@healthfolio/insights';
import type { ReportData } from './report-data';
import { clinicalSection } from './sections/clinical';
import { glucoseSection } from './sections/glucose';
import { labsSection } from './sections/labs';
import { metricSection } from './sections/metrics';
import { goalsSection, insightsSection, summarySection } from './sections/overview';

const BUILDERS: Record<ReportSection, (data: ReportData) => ReportBlock[]> = {
  summary: summarySection,
  vitals: (d) => metricSection(d, 'vitals'),
  activity: (d) => metricSection(d, 'activity'),
  sleep: (d) => metricSection(d, 'sleep'),
  body: (d) => metricSection(d, 'body'),
  glucose: glucoseSection,
  labs: labsSection,
  clinical: clinicalSection,
  insights: insightsSection,
  goals: goalsSection,
};

/** The report's content: the chosen sections in print order, each a list of blocks. */
export function buildReport(
  data: ReportData,
  sections: readonly ReportSection[],
  generatedAt: number,
  onSection?: (done: number, total: number) => void,
): ReportContent {
  const chosen = (Object.keys(BUILDERS) as ReportSection[]).filter((s) => sections.includes(s));
  return {
    title: 'Health report',
    person: data.person,
    from: isoDay(data.fromDay),
    to: isoDay(data.toDay),
    generatedAt: new Date(generatedAt).toISOString(),
    sections: chosen.map((key, i) => {
      const blocks = BUILDERS[key](data);
      onSection?.(i + 1, chosen.length);
      return { key, title: reportSectionTitles[key], blocks };
    }),
  };
}

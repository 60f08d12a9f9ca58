import type { ReportJob } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { fetchHealthScore, fetchReportContent, fetchReports } from './reports-api';

export const reportsKeys = {
  all: ['reports'] as const,
  list: ['reports', 'list'] as const,
  content: (id: string) => ['reports', 'content', id] as const,
  score: ['health-score'] as const,
};

const unfinished = (items: ReportJob[] | undefined) =>
  items?.some((r) => r.status === 'queued' || r.status === 'running') ?? false;

/** The reports, polled every second while one is being made. */
export function useReports() {
  return useQuery({
    queryKey: reportsKeys.list,
    queryFn: ({ signal }) => fetchReports(signal),
    refetchInterval: (query) => (unfinished(query.state.data) ? 1000 : false),
  });
}

export function useReportContent(id: string) {
  return useQuery({
    queryKey: reportsKeys.content(id),
    queryFn: ({ signal }) => fetchReportContent(id, signal),
    retry: false,
  });
}

export function useHealthScore() {
  return useQuery({ queryKey: reportsKeys.score, queryFn: ({ signal }) => fetchHealthScore(signal) });
}

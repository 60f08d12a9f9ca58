import type { HealthScoreAnswer, ReportContent, ReportJob, ReportRequest } from '@healthfolio/core';
import { api, apiDelete, apiGet, apiPost } from '../../lib/api';

const path = (id: string) => `/reports/${encodeURIComponent(id)}`;

export const fetchReports = (signal?: AbortSignal) =>
  apiGet<{ items: ReportJob[] }>('/reports', { signal }).then((d) => d.items);

export const createReport = (request: ReportRequest) => apiPost<ReportJob>('/reports', request);

export const regenerateReport = (id: string) => apiPost<ReportJob>(`${path(id)}/regenerate`);

export const deleteReport = async (id: string): Promise<void> => {
  await apiDelete<unknown>(path(id));
};

export const fetchReportContent = (id: string, signal?: AbortSignal) =>
  apiGet<ReportContent>(`${path(id)}/content`, { signal });

/** Fetches the PDF with the session's bearer token and hands it to the browser as a download. */
export async function downloadReportPdf(report: ReportJob): Promise<void> {
  const response = await api.get<Blob>(`${path(report.id)}/pdf`, { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `health-report-${report.from}-to-${report.to}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const fetchHealthScore = (signal?: AbortSignal) =>
  apiGet<HealthScoreAnswer>('/health-score', { signal });

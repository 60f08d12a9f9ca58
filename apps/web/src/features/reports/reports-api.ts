import type { ReportJob, ReportRequest } from '@healthfolio/core';
import { api, httpClient } from '../../lib/api';

const path = (id: string) => `/reports/${encodeURIComponent(id)}`;

export const fetchReports = (signal?: AbortSignal) =>
  api.get('/api/reports', { signal }).then((d) => d.items);

export const createReport = (request: ReportRequest) => api.post('/api/reports', { body: request });

export const regenerateReport = (id: string) => api.post('/api/reports/:id/regenerate', { params: { id } });

export const deleteReport = (id: string): Promise<void> => api.delete('/api/reports/:id', { params: { id } });

export const fetchReportContent = (id: string, signal?: AbortSignal) =>
  api.get('/api/reports/:id/content', { params: { id }, signal });

/** Fetches the PDF with the session's bearer token and hands it to the browser as a download. */
export async function downloadReportPdf(report: ReportJob): Promise<void> {
  const response = await httpClient.get<Blob>(`${path(report.id)}/pdf`, { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `health-report-${report.from}-to-${report.to}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const fetchHealthScore = (signal?: AbortSignal) => api.get('/api/health-score', { signal });

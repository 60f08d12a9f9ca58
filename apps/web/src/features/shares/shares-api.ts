import type { ShareInput } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { api, httpClient } from '../../lib/api';
import { currentLocale } from '../../i18n';

export const sharesKey = ['shares'] as const;

export function useShares() {
  return useQuery({
    queryKey: sharesKey,
    queryFn: ({ signal }) => api.get('/api/shares', { signal }).then((d) => d.items),
  });
}

export const createShare = (input: ShareInput) => api.post('/api/shares', { body: input });
export const revokeShare = (id: string) => api.delete('/api/shares/:id', { params: { id } });
export const createShl = (id: string, passcode?: string) =>
  api.post('/api/shares/:id/shl', { params: { id }, body: passcode ? { passcode } : {} });

/** The recipient's read: no account; the code, when the share has one, in its own header. */
export const openShare = (token: string, code?: string) =>
  api.get('/api/public/shares/:token', { params: { token }, headers: code ? { 'X-Share-Code': code } : {} });

/** A moment in the current language: "12 Nov 2026, 14:05". */
export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
/** "12 Nov 2026" for a local date (YYYY-MM-DD) in the current language, never shifted by the reader's zone. */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A number as a clinician reads it, in the current language: at most two decimals, grouped. */
export const formatValue = (value: number) =>
  new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 2 }).format(value);

/** The report a share names, as a PDF file the browser saves. */
export async function downloadSharedReport(token: string, code?: string): Promise<void> {
  const res = await httpClient.get<Blob>(`/public/shares/${encodeURIComponent(token)}/report`, {
    responseType: 'blob',
    headers: code ? { 'X-Share-Code': code } : {},
  });
  const name =
    /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1] ?? 'report.pdf';
  const url = URL.createObjectURL(res.data);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

import { api } from '../../lib/api';

/** An ingest URL's status; `url` only in the answer that made it (it is shown once). */
export type { IngestStatus } from '@healthfolio/core';

/** `GET /api/integrations/:source/ingest`: hint, made, last used, samples received. */
export const fetchIngestStatus = (kind: string, signal?: AbortSignal) =>
  api.get('/api/integrations/:source/ingest', { params: { source: kind }, signal });

/** `POST /api/integrations/:source/ingest/rotate`: the old URL stops working; the new one is answered once. */
export const rotateIngest = (kind: string) =>
  api.post('/api/integrations/:source/ingest/rotate', { params: { source: kind } });

import type { ConnectResult } from '@healthfolio/core';
import { apiGet, apiPost } from '../../lib/api';

/** An ingest URL's status; `url` only in the answer that made it (it is shown once). */
export type IngestStatus = NonNullable<ConnectResult['ingest']>;

const path = (kind: string, rest = '') => `/integrations/${encodeURIComponent(kind)}/ingest${rest}`;

/** `GET /api/integrations/:source/ingest`: hint, made, last used, samples received. */
export const fetchIngestStatus = (kind: string, signal?: AbortSignal) =>
  apiGet<IngestStatus>(path(kind), { signal });

/** `POST /api/integrations/:source/ingest/rotate`: the old URL stops working; the new one is answered once. */
export const rotateIngest = (kind: string) => apiPost<IngestStatus>(path(kind, '/rotate'));

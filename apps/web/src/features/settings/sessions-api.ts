import type { SessionInfo, SessionsEnded } from '@healthfolio/core';
import { apiDelete, apiGet, apiPost } from '../../lib/api';

export const sessionsPaths = {
  list: '/identity/sessions',
  one: (id: string) => `/identity/sessions/${encodeURIComponent(id)}`,
  everywhere: '/identity/logout-everywhere',
} as const;

export const fetchSessions = () => apiGet<SessionInfo[]>(sessionsPaths.list);
export const endSession = (id: string) => apiDelete<SessionsEnded>(sessionsPaths.one(id));
export const signOutEverywhere = () => apiPost<SessionsEnded>(sessionsPaths.everywhere, {});

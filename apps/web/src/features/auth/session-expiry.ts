import type { StoredSession } from './session-store';

/** Browsers run timers of more than 2^31-1 ms at once; clamp to stay safe. */
const MAX_TIMER_MS = 2_147_483_647;

export function isAccessTokenExpired(session: StoredSession, now: number = Date.now()): boolean {
  return session.expiresAt <= now;
}

/** Milliseconds until the refresh should run: `marginMs` before expiry, never negative. */
export function refreshDelay(session: StoredSession, marginMs: number, now: number = Date.now()): number {
  return Math.min(Math.max(session.expiresAt - marginMs - now, 0), MAX_TIMER_MS);
}

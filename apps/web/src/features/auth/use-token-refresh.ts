import { useEffect } from 'react';
import { TOKEN_REFRESH_MARGIN_MS } from '@healthfolio/core/defaults';
import { refreshDelay } from './session-expiry';
import type { StoredSession } from './session-store';
import { refreshOnce } from './token-refresh';

/** How long to wait before trying again when the refresh failed for a network or server reason. */
export const REFRESH_RETRY_MS = 30_000;

/**
 * Keeps the access token fresh: refreshes it TOKEN_REFRESH_MARGIN_MS (SPEC §4: 5 min) before expiry.
 * Storage changes, including another tab's refresh, hand in a new session and re-arm the timer.
 */
export function useTokenRefresh(session: StoredSession | null): void {
  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    const run = async () => {
      const outcome = await refreshOnce(session);
      if (!cancelled && outcome.status === 'retry') timer = setTimeout(() => void run(), REFRESH_RETRY_MS);
    };
    let timer = setTimeout(() => void run(), refreshDelay(session, TOKEN_REFRESH_MARGIN_MS));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [session]);
}

import { toApiError } from '../../lib/api';
import { refreshSession } from './identity-api';
import { withRefreshLock } from './refresh-lock';
import {
  clearSession,
  readSession,
  toStoredSession,
  writeSession,
  type StoredSession,
} from './session-store';

export type RefreshOutcome =
  | { status: 'refreshed'; session: StoredSession }
  | { status: 'signed-out' }
  /** A network or server failure: keep the session and try again later. */
  | { status: 'retry' };

/**
 * Refreshes `stale` once across all tabs. After taking the lock it re-reads storage: when another tab
 * already refreshed (or signed out) meanwhile, its result is reused instead of spending the token again.
 */
export function refreshOnce(stale: StoredSession): Promise<RefreshOutcome> {
  return withRefreshLock(async (): Promise<RefreshOutcome> => {
    const latest = readSession();
    if (!latest) return { status: 'signed-out' };
    if (latest.refreshToken !== stale.refreshToken) return { status: 'refreshed', session: latest };
    try {
      const session = toStoredSession(await refreshSession(latest.refreshToken));
      writeSession(session);
      return { status: 'refreshed', session };
    } catch (error) {
      const { status } = toApiError(error);
      if (status !== undefined && status >= 400 && status < 500) {
        clearSession();
        return { status: 'signed-out' };
      }
      return { status: 'retry' };
    }
  });
}

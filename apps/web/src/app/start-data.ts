import type { QueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '../features/auth/AuthProvider';
import { isAccessTokenExpired } from '../features/auth/session-expiry';
import { readSession } from '../features/auth/session-store';
import { readViewed } from '../features/caregivers/acting-person';
import { browserTimeZone, overviewQuery } from '../features/metrics/queries';
import { AppLayout, DashboardPage } from './pages';

/**
 * A returning visitor's first data and code, asked for as the app starts — beside its words rather than
 * after them. Without it, `/api/auth/me` waited for the words and the first render, the Dashboard's chunk
 * for the signed-in layout's to load and render, and its overview for the page's chunk (measured by
 * `npm run bench:web`). The queries are the ones the pages use (same keys, same calls), so a page finds its
 * answer in the cache or in flight. Nothing is asked for without a live session, nor while a caregiver
 * views someone else (those calls carry the person's id, which the switcher sets).
 */
export function prefetchStartData(queryClient: QueryClient, pathname: string): void {
  const session = readSession();
  if (!session || isAccessTokenExpired(session) || readViewed(session.user.id)) return;
  void queryClient.prefetchQuery(profileQueryOptions(session.user));
  if (pathname !== '/dashboard') return;
  void queryClient.prefetchQuery(overviewQuery(browserTimeZone()));
  // A failed chunk is reported by the render that needs it (RouteError), not here.
  void AppLayout.preload().catch(() => undefined);
  void DashboardPage.preload().catch(() => undefined);
}

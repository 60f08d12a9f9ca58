import type { AnalyticsConfig } from '@healthfolio/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { readConsent, storeConsent, subscribeConsent, type Consent } from './consent';

export interface AnalyticsProps {
  /** The app's routes, to name a page by its route's pattern. */
  routes: RouteObject[];
  /** The server's measurement id and collector (`GET /api/analytics`, read by DeferredAnalytics). */
  config: Extract<AnalyticsConfig, { enabled: true }>;
}

const ConsentBanner = lazy(() => import('./ConsentBanner'));

/**
 * SPEC §9 analytics on a server with a measurement id: a banner asks once per browser; only after "Allow"
 * does the page-view code load and send — one request per page shown. Withdrawing the consent
 * (Settings → Privacy) stops the sending at once; nothing more goes to the collector.
 */
export default function Analytics({ routes, config }: AnalyticsProps) {
  const [consent, setConsent] = useState<Consent | null>(readConsent);
  // Withdrawn in Settings → Privacy (or answered in another tab): page views stop at once.
  useEffect(() => subscribeConsent(() => setConsent(readConsent())), []);
  const { pathname } = useLocation();

  // One page view per page shown; the page-view code loads only once the person has agreed.
  useEffect(() => {
    if (consent !== 'granted') return;
    let live = true;
    void import('./page-views').then(({ sendPageView }) => {
      if (live) sendPageView(config, pathname, matchRoutes(routes, pathname) ?? []);
    });
    return () => {
      live = false;
    };
  }, [config, consent, pathname, routes]);

  if (consent !== null) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner
        onAnswer={(answer) => {
          storeConsent(answer);
          setConsent(answer);
        }}
      />
    </Suspense>
  );
}

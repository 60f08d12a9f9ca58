import type { AnalyticsConfig } from '@healthfolio/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { createBrowserRouter } from 'react-router';
import { readConsent, storeConsent, subscribeConsent, type Consent } from './consent';

type Router = ReturnType<typeof createBrowserRouter>;

export interface AnalyticsProps {
  router: Router;
  /** The server's measurement id and collector (`GET /api/analytics`, read by DeferredAnalytics). */
  config: Extract<AnalyticsConfig, { enabled: true }>;
}

const ConsentBanner = lazy(() => import('./ConsentBanner'));

/**
 * SPEC §9 analytics on a server with a measurement id: a banner asks once per browser; only after "Allow"
 * does the page-view code load and send — one request per page shown. Withdrawing the consent
 * (Settings → Privacy) stops the sending at once; nothing more goes to the collector.
 */
export default function Analytics({ router, config }: AnalyticsProps) {
  const [consent, setConsent] = useState<Consent | null>(readConsent);
  // Withdrawn in Settings → Privacy (or answered in another tab): page views stop at once.
  useEffect(() => subscribeConsent(() => setConsent(readConsent())), []);

  useEffect(() => {
    if (consent !== 'granted') return;
    let unsubscribe: (() => void) | undefined;
    let live = true;
    void import('./page-views').then(({ sendPageView }) => {
      if (!live) return;
      let last = '';
      const send = () => {
        const { location, matches, navigation } = router.state;
        if (navigation.state !== 'idle' || location.pathname === last) return;
        last = location.pathname;
        sendPageView(config, location.pathname, matches);
      };
      send();
      unsubscribe = router.subscribe(send);
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [config, consent, router]);

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

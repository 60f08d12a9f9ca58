import type { AnalyticsConfig } from '@healthfolio/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { createBrowserRouter } from 'react-router';
import { apiGet } from '../../lib/api';
import { readConsent, storeConsent, type Consent } from './consent';

type Router = ReturnType<typeof createBrowserRouter>;

const ConsentBanner = lazy(() => import('./ConsentBanner'));

/**
 * SPEC §9 analytics: off unless the server names a measurement id (`GET /api/analytics`). Then a banner
 * asks once; only after "Allow" does the page-view code load and send — one request per page shown.
 */
export function Analytics({ router }: { router: Router }) {
  const [config, setConfig] = useState<AnalyticsConfig | null>(null);
  const [consent, setConsent] = useState<Consent | null>(readConsent);

  useEffect(() => {
    let live = true;
    apiGet<AnalyticsConfig>('/analytics').then(
      (answer) => live && setConfig(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const enabled = config?.enabled === true ? config : null;
  useEffect(() => {
    if (!enabled || consent !== 'granted') return;
    let unsubscribe: (() => void) | undefined;
    let live = true;
    void import('./page-views').then(({ sendPageView }) => {
      if (!live) return;
      let last = '';
      const send = () => {
        const { location, matches, navigation } = router.state;
        if (navigation.state !== 'idle' || location.pathname === last) return;
        last = location.pathname;
        sendPageView(enabled, location.pathname, matches);
      };
      send();
      unsubscribe = router.subscribe(send);
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [enabled, consent, router]);

  if (!enabled || consent !== null) return null;
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

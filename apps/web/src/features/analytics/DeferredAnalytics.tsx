import type { AnalyticsConfig } from '@healthfolio/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { AnalyticsProps } from './Analytics';

const Analytics = lazy(() => import('./Analytics'));

/**
 * SPEC §9 analytics, looked up once the page has loaded: nothing of it weighs on the first paint of
 * /login (its budget is 200 KB of JavaScript). Without a measurement id that lookup is all there is —
 * the banner and page-view code load only on a server that has one.
 */
export function DeferredAnalytics({ routes }: Pick<AnalyticsProps, 'routes'>) {
  const [config, setConfig] = useState<Extract<AnalyticsConfig, { enabled: true }> | null>(null);
  useEffect(() => {
    let live = true;
    const look = () =>
      api.get('/api/analytics').then(
        (answer) => live && answer.enabled && setConfig(answer),
        () => undefined,
      );
    if (document.readyState === 'complete') void look();
    else window.addEventListener('load', () => void look(), { once: true });
    return () => {
      live = false;
    };
  }, []);
  if (!config) return null;
  return (
    <Suspense fallback={null}>
      <Analytics routes={routes} config={config} />
    </Suspense>
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { DeferredAnalytics } from '../features/analytics/DeferredAnalytics';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';

/** The app; main.tsx passes the query client it has already started fetching with. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <DeferredAnalytics router={router} />
    </AppProviders>
  );
}

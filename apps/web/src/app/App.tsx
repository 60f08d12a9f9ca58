import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { DeferredAnalytics } from '../features/analytics/DeferredAnalytics';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(createRoutes()));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <DeferredAnalytics router={router} />
    </AppProviders>
  );
}

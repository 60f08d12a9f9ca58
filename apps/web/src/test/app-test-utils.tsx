import { fallbackProfile, type UnitSystem } from '@healthfolio/core';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createAppTheme } from '../app/theme';
import { fakeAuth, WithAuth } from './auth-test-utils';

/** A query client without retries, for component tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Shows the current URL so a test can read what the page put in it. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders a signed-in page at `url` in the app's theme, with Ada's profile in `units`, its own query client and a data
 * router (pages keep state in the URL); `location` reads the URL the page ends up at.
 */
export function signedIn(page: ReactNode, { url = '/', units = 'metric' as UnitSystem } = {}) {
  const profile = fallbackProfile({ id: 'u_ada', email: 'ada@example.com', name: 'Ada' });
  profile.settings.preferences.units = units;
  const auth = fakeAuth({ isAuthenticated: true, profile });
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {page}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const ui = (
    <ThemeProvider theme={createAppTheme('light')}>
      <WithAuth value={auth}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </WithAuth>
    </ThemeProvider>
  );
  return { ui, client, router };
}

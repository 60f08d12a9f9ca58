// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeModeProvider } from '../features/theme';
import { fakeAuth, WithAuth } from '../test/auth-test-utils';
import { lazyPage } from './chunk-load';
import { RouteError } from './RouteError';
import { createRoutes } from './routes';

function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeModeProvider>
      <WithAuth value={fakeAuth()}>
        <RouterProvider router={router} />
      </WithAuth>
    </ThemeModeProvider>,
  );
  return router;
}

describe('routes', () => {
  afterEach(cleanup);

  it('sends /signup to /waitlist while sign-up is disabled', async () => {
    const router = renderRoutes(createRoutes(), '/signup');
    expect(await screen.findByRole('heading', { name: 'Join the waitlist' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/waitlist');
  });

  it('shows a Not Found page for unknown paths', async () => {
    renderRoutes(createRoutes(), '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('shows a failed chunk load on the error page', async () => {
    const Broken = lazyPage(
      'BrokenPage',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'BrokenPage',
    );
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteError /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText(/ChunkLoadError: Loading chunk BrokenPage failed\./)).toBeTruthy();
  });
});

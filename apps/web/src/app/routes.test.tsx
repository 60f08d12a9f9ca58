// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeModeProvider } from '../features/theme';
import { fakeAuth, WithAuth } from '../test/auth-test-utils';
import { lazyPage } from './chunk-load';
import { AppRoutes } from './App';
import { createRoutes } from './routes';

/** Renders the routes as the app does (AppRoutes: useRoutes under the error boundary) at `path`. */
function renderRoutes(routes: RouteObject[], path: string) {
  const at = { pathname: '' };
  function Where() {
    at.pathname = useLocation().pathname;
    return null;
  }
  render(
    <ThemeModeProvider>
      <WithAuth value={fakeAuth()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes routes={routes} />
          <Where />
        </MemoryRouter>
      </WithAuth>
    </ThemeModeProvider>,
  );
  return at;
}

describe('routes', () => {
  afterEach(cleanup);

  it('sends /signup to /waitlist while sign-up is disabled', async () => {
    const at = renderRoutes(createRoutes(), '/signup');
    expect(await screen.findByRole('heading', { name: 'Join the waitlist' })).toBeTruthy();
    expect(at.pathname).toBe('/waitlist');
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
    renderRoutes([{ path: '/', element: <Broken /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText(/ChunkLoadError: Loading chunk BrokenPage failed\./)).toBeTruthy();
  });
});

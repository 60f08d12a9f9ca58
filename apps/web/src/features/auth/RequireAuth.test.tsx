// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeAuth, WithAuth } from '../../test/auth-test-utils';
import type { AuthContextValue } from './auth-context';
import { RequireAuth } from './RequireAuth';

function renderAt(path: string, auth: AuthContextValue) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Login page</h1> },
      { element: <RequireAuth />, children: [{ path: '/dashboard', element: <h1>Dashboard page</h1> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <WithAuth value={auth}>
      <RouterProvider router={router} />
    </WithAuth>,
  );
  return router;
}

describe('RequireAuth', () => {
  afterEach(cleanup);

  it('shows "Loading..." while the auth state loads', () => {
    renderAt('/dashboard', fakeAuth({ isLoading: true }));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('Dashboard page')).toBeNull();
  });

  it('redirects signed-out users to /login, replacing the entry', async () => {
    const router = renderAt('/dashboard', fakeAuth());
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders the protected page for signed-in users', async () => {
    const user = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true };
    renderAt('/dashboard', fakeAuth({ isAuthenticated: true, user }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });
});

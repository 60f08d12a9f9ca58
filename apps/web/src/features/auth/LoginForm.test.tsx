// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../test/api-failure';
import { fakeAuth, WithAuth } from '../../test/auth-test-utils';
import { LoginForm } from './LoginForm';

function rejectedWith(code: string, status: number) {
  return apiFailure({ method: 'post', url: '/identity/login' }, status, {
    error: { code, message: 'server text' },
  });
}

describe('LoginForm', () => {
  afterEach(cleanup);

  it('signs in with the typed credentials', async () => {
    const signIn = vi.fn(() => Promise.resolve(null));
    render(
      <WithAuth value={fakeAuth({ signIn })}>
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </WithAuth>,
    );
    await userEvent.type(screen.getByLabelText(/Email/), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'secret1');
  });

  it('shows the SPEC message for a wrong password in an alert', async () => {
    const signIn = vi.fn(() => Promise.reject(rejectedWith('auth/wrong-password', 401)));
    render(
      <WithAuth value={fakeAuth({ signIn })}>
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </WithAuth>,
    );
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

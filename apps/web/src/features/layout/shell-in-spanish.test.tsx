// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../test/api-failure';
import { LoginForm } from '../auth/LoginForm';
import { fakeAuth, WithAuth } from '../../test/auth-test-utils';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { NavList } from './NavList';

/** The shell's and the public side's words in Spanish (issue 22): menus, sign-in, errors, a public page. */
describe('the app shell in Spanish', () => {
  beforeAll(async () => {
    for (const ns of ['common', 'layout', 'auth', 'public'] as const) {
      const words = (await import(`../../i18n/locales/es/${ns}.json`)) as {
        default: Record<string, unknown>;
      };
      i18next.addResourceBundle('es', ns, words.default);
    }
  });
  afterEach(cleanup);

  it('names the menu entries in Spanish', async () => {
    await i18next.changeLanguage('es');
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <NavList />
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fuentes' }).getAttribute('href')).toBe('/data-sources');
    expect(screen.getByRole('link', { name: 'Entrenamientos' })).toBeTruthy();
  });

  it('signs in in Spanish and tells a wrong password in Spanish', async () => {
    await i18next.changeLanguage('es');
    const wrong = apiFailure({ method: 'post', url: '/identity/login' }, 401, {
      error: { code: 'auth/wrong-password', message: 'Incorrect password' },
    });
    const signIn = vi.fn(() => Promise.reject(wrong));
    render(
      <WithAuth value={fakeAuth({ signIn })}>
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </WithAuth>,
    );
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Contraseña incorrecta')).toBeTruthy();
    expect(screen.getByRole('link', { name: '¿Has olvidado la contraseña?' })).toBeTruthy();
  });

  it('shows a public page in Spanish, with its document title', async () => {
    await i18next.changeLanguage('es');
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toBeTruthy();
    expect(document.title).toBe('Página no encontrada · Healthfolio');
  });
});

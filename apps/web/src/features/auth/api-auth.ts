import { httpClient } from '../../lib/api';
import { identityPaths } from './identity-api';
import { clearSession, readSession } from './session-store';

/** SPEC §6: every request except login, signup and logout carries the bearer token. */
const withoutToken = new Set<string>([identityPaths.login, identityPaths.signup, identityPaths.logout]);

/** Identity calls whose 401 is a form error, not an expired session. */
const no401Redirect = new Set<string>([
  identityPaths.login,
  identityPaths.signup,
  identityPaths.logout,
  identityPaths.refresh,
  identityPaths.passwordReset,
  identityPaths.passwordResetConfirm,
  identityPaths.verificationSend,
  identityPaths.verificationConfirm,
]);

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0]?.replace(/^\/api(?=\/)/, '') ?? '';
}

let installed = false;

/** Installs the bearer-token and 401 hooks on the shared client, once. */
export function installApiAuth(onUnauthorized: () => void = redirectToLogin): void {
  if (installed) return;
  installed = true;

  httpClient.hooks.onRequest.push((config) => {
    const session = readSession();
    if (session && !withoutToken.has(pathOf(config.url))) {
      config.headers.set('Authorization', `Bearer ${session.accessToken}`);
    }
  });

  httpClient.hooks.onResponseError.push((error: unknown) => {
    const { response, config } = (error ?? {}) as {
      response?: { status?: number };
      config?: { url?: string };
    };
    if (response?.status === 401 && !no401Redirect.has(pathOf(config?.url))) onUnauthorized();
    return Promise.reject(error);
  });
}

/** SPEC §2: any 401 ends the session and sends the browser to /login. */
export function redirectToLogin(): void {
  clearSession();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

import type { CredentialJson, LoginResult, MfaChallenge, Passkey, Session } from '@healthfolio/core';
import type { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { api } from '../../lib/api';
import { toStoredSession, writeSession } from './session-store';
import { i18n } from '../../i18n';

/** The WebAuthn helper loads only when a passkey is used: /login's first JavaScript does not carry it (#22). */
const webauthn = () => import('@simplewebauthn/browser');

export const isMfaChallenge = (result: LoginResult): result is MfaChallenge => 'mfaRequired' in result;

/** Stores the session a finished sign-in answered; the route guard then moves the user on. */
export function acceptSession(session: Session): void {
  writeSession(toStoredSession(session));
}

export const verifyCode = (challenge: string, code: string) =>
  api.post('/api/identity/mfa/verify', { body: { challenge, code } });

export const fetchMfaStatus = () => api.get('/api/identity/mfa');

/** Without `challenge`: the signed-in user. With it: the enrolment a sign-in under REQUIRE_MFA asks for. */
export const enrollTotp = (challenge?: string) =>
  api.post('/api/identity/mfa/totp/enroll', { body: challenge ? { challenge } : {} });

export const confirmTotp = (code: string, challenge?: string) =>
  api.post('/api/identity/mfa/totp/confirm', { body: challenge ? { code, challenge } : { code } });

export const disableTotp = () => api.delete('/api/identity/mfa/totp');

export const newRecoveryCodes = () => api.post('/api/identity/mfa/recovery-codes');

export const stepUp = (input: { code: string } | { password: string }) =>
  api.post('/api/identity/mfa/step-up', { body: input });

/**
 * The browser's credential as the server reads it: @simplewebauthn's interfaces have no index signature,
 * so they are not assignable to the contract's open records, though every such object is one.
 */
const asCredentialJson = (credential: object) => credential as CredentialJson;

type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** Confirms it's you with one of your passkeys: the session is fresh for five minutes, as with a code. */
export async function stepUpWithPasskey(): Promise<{ freshUntil: string }> {
  // The options are the browser's to read (the contract says only that they are an object).
  const optionsJSON = (await api.post(
    '/api/identity/mfa/step-up/webauthn/options',
  )) as unknown as AuthenticationOptions;
  const response = await (await webauthn()).startAuthentication({ optionsJSON });
  return api.post('/api/identity/mfa/step-up/webauthn/verify', {
    body: { response: asCredentialJson(response) },
  });
}

export const listPasskeys = () => api.get('/api/identity/webauthn/credentials');

export const renamePasskey = (id: string, name: string) =>
  api.patch('/api/identity/webauthn/credentials/:id', { params: { id }, body: { name } });

export const removePasskey = (id: string) =>
  api.delete('/api/identity/webauthn/credentials/:id', { params: { id } });

/** Makes a passkey in the browser (or phone, or security key) and stores it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = (await api.post(
    '/api/identity/webauthn/register/options',
  )) as unknown as RegistrationOptions;
  const response = await (await webauthn()).startRegistration({ optionsJSON });
  return api.post('/api/identity/webauthn/register/verify', {
    body: { response: asCredentialJson(response), ...(name.trim() ? { name: name.trim() } : {}) },
  });
}

/** Signs in with a passkey: alone (no challenge), or as the second factor of a password sign-in. */
export async function signInWithPasskey(challenge?: string): Promise<Session> {
  const optionsJSON = (await api.post('/api/identity/webauthn/login/options', {
    body: challenge ? { challenge } : {},
  })) as unknown as AuthenticationOptions;
  const response = await (await webauthn()).startAuthentication({ optionsJSON });
  return api.post('/api/identity/webauthn/login/verify', { body: { response: asCredentialJson(response) } });
}

/** A sentence for a passkey ceremony the browser ended (cancelled, timed out, not supported). */
export function passkeyErrorMessage(error: unknown): string | null {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return i18n.t('common:passkeyErrors.cancelled');
  if (name === 'InvalidStateError') return i18n.t('common:passkeyErrors.exists');
  if (name === 'NotSupportedError' || name === 'SecurityError')
    return i18n.t('common:passkeyErrors.unsupported');
  return null;
}

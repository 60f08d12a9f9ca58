import type {
  LoginResult,
  MfaChallenge,
  MfaStatus,
  Passkey,
  RecoveryCodes,
  Session,
  TotpEnrollment,
} from '@healthfolio/core';
import type { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { apiDelete, apiGet, apiPost, api } from '../../lib/api';
import { toStoredSession, writeSession } from './session-store';
import { i18n } from '../../i18n';

/** The WebAuthn helper loads only when a passkey is used: /login's first JavaScript does not carry it (#22). */
const webauthn = () => import('@simplewebauthn/browser');

/** Multi-factor sign-in calls (DESIGN "Contracts added for issues 10–16", MFA). */
export const mfaPaths = {
  status: '/identity/mfa',
  verify: '/identity/mfa/verify',
  enroll: '/identity/mfa/totp/enroll',
  confirm: '/identity/mfa/totp/confirm',
  totp: '/identity/mfa/totp',
  recoveryCodes: '/identity/mfa/recovery-codes',
  stepUp: '/identity/mfa/step-up',
  stepUpPasskeyOptions: '/identity/mfa/step-up/webauthn/options',
  stepUpPasskeyVerify: '/identity/mfa/step-up/webauthn/verify',
  registerOptions: '/identity/webauthn/register/options',
  registerVerify: '/identity/webauthn/register/verify',
  credentials: '/identity/webauthn/credentials',
  loginOptions: '/identity/webauthn/login/options',
  loginVerify: '/identity/webauthn/login/verify',
} as const;

export const isMfaChallenge = (result: LoginResult): result is MfaChallenge => 'mfaRequired' in result;

/** Stores the session a finished sign-in answered; the route guard then moves the user on. */
export function acceptSession(session: Session): void {
  writeSession(toStoredSession(session));
}

export const verifyCode = (challenge: string, code: string) =>
  apiPost<Session>(mfaPaths.verify, { challenge, code });

export const fetchMfaStatus = () => apiGet<MfaStatus>(mfaPaths.status);

/** Without `challenge`: the signed-in user. With it: the enrolment a sign-in under REQUIRE_MFA asks for. */
export const enrollTotp = (challenge?: string) =>
  apiPost<TotpEnrollment>(mfaPaths.enroll, challenge ? { challenge } : {});

export const confirmTotp = (code: string, challenge?: string) =>
  apiPost<RecoveryCodes>(mfaPaths.confirm, challenge ? { code, challenge } : { code });

export const disableTotp = () => apiDelete<MfaStatus>(mfaPaths.totp);

export const newRecoveryCodes = () => apiPost<RecoveryCodes>(mfaPaths.recoveryCodes);

export const stepUp = (input: { code: string } | { password: string }) =>
  apiPost<{ freshUntil: string }>(mfaPaths.stepUp, input);

/** Confirms it's you with one of your passkeys: the session is fresh for five minutes, as with a code. */
export async function stepUpWithPasskey(): Promise<{ freshUntil: string }> {
  const optionsJSON = await apiPost<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    mfaPaths.stepUpPasskeyOptions,
  );
  const response = await (await webauthn()).startAuthentication({ optionsJSON });
  return apiPost<{ freshUntil: string }>(mfaPaths.stepUpPasskeyVerify, { response });
}

export const listPasskeys = () => apiGet<Passkey[]>(mfaPaths.credentials);

export const renamePasskey = async (id: string, name: string) =>
  (await api.patch<{ data: Passkey }>(`${mfaPaths.credentials}/${encodeURIComponent(id)}`, { name })).data
    .data;

export const removePasskey = (id: string) =>
  apiDelete<unknown>(`${mfaPaths.credentials}/${encodeURIComponent(id)}`);

/** Makes a passkey in the browser (or phone, or security key) and stores it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await apiPost<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    mfaPaths.registerOptions,
  );
  const response = await (await webauthn()).startRegistration({ optionsJSON });
  return apiPost<Passkey>(mfaPaths.registerVerify, {
    response,
    ...(name.trim() ? { name: name.trim() } : {}),
  });
}

/** Signs in with a passkey: alone (no challenge), or as the second factor of a password sign-in. */
export async function signInWithPasskey(challenge?: string): Promise<Session> {
  const optionsJSON = await apiPost<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    mfaPaths.loginOptions,
    challenge ? { challenge } : {},
  );
  const response = await (await webauthn()).startAuthentication({ optionsJSON });
  return apiPost<Session>(mfaPaths.loginVerify, { response });
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

import type { AuditEvent } from '@healthfolio/core';
import type { TFunction } from 'i18next';

// Every event this client knows; its words are `settings:audit.events.<event, dots as underscores>`.
const known: Record<AuditEvent, true> = {
  signup: true,
  'login.success': true,
  'login.failure': true,
  'login.locked': true,
  logout: true,
  'refresh.reuse-detected': true,
  'password.changed': true,
  'password.reset-requested': true,
  'password.reset': true,
  'email.verification-sent': true,
  'email.verified': true,
  export: true,
  'mfa.totp-enabled': true,
  'mfa.totp-disabled': true,
  'mfa.recovery-used': true,
  'mfa.recovery-regenerated': true,
  'mfa.failure': true,
  'mfa.step-up': true,
  'passkey.added': true,
  'passkey.removed': true,
  'login.passkey': true,
  'token.created': true,
  'token.revoked': true,
  'token.used': true,
  'mcp.call': true,
  'caregiver.invited': true,
  'caregiver.accepted': true,
  'caregiver.revoked': true,
  'caregiver.access': true,
};

/** A readable name for an audit-log event; events newer than this client show their code. */
export function auditEventLabel(event: string, t: TFunction<'settings'>): string {
  if (!(event in known)) return event;
  return t(`audit.events.${event.replace(/\./g, '_')}`);
}

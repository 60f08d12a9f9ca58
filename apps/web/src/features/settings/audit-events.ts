import type { AuditEvent } from '@healthfolio/core';

const labels: Record<AuditEvent, string> = {
  signup: 'Account created',
  'login.success': 'Signed in',
  'login.failure': 'Failed sign-in attempt',
  'login.locked': 'Sign-in blocked after failed attempts',
  logout: 'Signed out',
  'refresh.reuse-detected': 'Reused session token detected; sessions signed out',
  'password.changed': 'Password changed',
  'password.reset-requested': 'Password reset requested',
  'password.reset': 'Password reset',
  'email.verification-sent': 'Verification email sent',
  'email.verified': 'Email verified',
  export: 'Data exported',
};

/** A readable name for an audit-log event; events newer than this client show their code. */
export function auditEventLabel(event: string): string {
  return (labels as Record<string, string | undefined>)[event] ?? event;
}

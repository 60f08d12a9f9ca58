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
  'mfa.totp-enabled': 'Authenticator app turned on',
  'mfa.totp-disabled': 'Authenticator app turned off',
  'mfa.recovery-used': 'Signed in with a recovery code',
  'mfa.recovery-regenerated': 'New recovery codes made',
  'mfa.failure': 'Wrong sign-in code entered',
  'mfa.step-up': 'Identity confirmed for a sensitive change',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'login.passkey': 'Signed in with a passkey',
  'token.created': 'API token created',
  'token.revoked': 'API token revoked',
  'token.used': 'API token used',
  'mcp.call': 'AI assistant used your data (MCP)',
  'caregiver.invited': 'Caregiver invited',
  'caregiver.accepted': 'Caregiver invitation accepted',
  'caregiver.revoked': 'Caregiver access revoked',
  'caregiver.access': 'A caregiver viewed or changed your data',
};

/** A readable name for an audit-log event; events newer than this client show their code. */
export function auditEventLabel(event: string): string {
  return (labels as Record<string, string | undefined>)[event] ?? event;
}

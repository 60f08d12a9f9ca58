import type { ExportFormat } from '@healthfolio/core';
import { api } from '../../lib/api';

/** SPEC §7 "Settings" calls the settings page makes; profile and settings changes go through useAuth. */
export const settingsPaths = {
  export: '/settings/export',
} as const;

/** Changes the password; the answer is a new session, since every other session was revoked. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api.post('/api/settings/password', { body: { currentPassword, newPassword } });

export const AUDIT_PAGE_SIZE = 20;

export const fetchAuditLog = (before?: number) =>
  api.get('/api/settings/audit-log', { query: { limit: AUDIT_PAGE_SIZE, before } });

export const deleteAccount = () => api.delete('/api/settings/account');

/** The export formats, in the order the page offers them (named by `settings:yourData.formats.<value>`). */
export const exportFormatOptions: readonly { value: ExportFormat }[] = [
  { value: 'json' },
  { value: 'csv' },
  { value: 'fhir' },
  { value: 'ips' },
];

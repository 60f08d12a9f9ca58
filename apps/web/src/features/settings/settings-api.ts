import type { AuditLog, ExportFormat, Session } from '@healthfolio/core';
import { apiDelete, apiGet, apiPost } from '../../lib/api';

/** SPEC §7 "Settings" calls the settings page makes; profile and settings changes go through useAuth. */
export const settingsPaths = {
  password: '/settings/password',
  auditLog: '/settings/audit-log',
  export: '/settings/export',
  account: '/settings/account',
} as const;

/** Changes the password; the answer is a new session, since every other session was revoked. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiPost<Session>(settingsPaths.password, { currentPassword, newPassword });

export const AUDIT_PAGE_SIZE = 20;

export const fetchAuditLog = (before?: number) =>
  apiGet<AuditLog>(settingsPaths.auditLog, { params: { limit: AUDIT_PAGE_SIZE, before } });

export const deleteAccount = () => apiDelete<{ deleted: true }>(settingsPaths.account);

/** The export formats, in the order the page offers them (named by `settings:yourData.formats.<value>`). */
export const exportFormatOptions: readonly { value: ExportFormat }[] = [
  { value: 'json' },
  { value: 'csv' },
  { value: 'fhir' },
  { value: 'ips' },
];

import {
  auditLogQuerySchema,
  auditLogSchema,
  dataEnvelope,
  exportQuerySchema,
  passwordChangeSchema,
  sessionSchema,
  userSettingsPatchSchema,
  userSettingsSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLogRepository } from '../../identity/audit-log.repository';
import { clientOf } from '../../identity/client';
import type { Identity } from '../../identity/identity';
import { changePassword } from '../../identity/password-change';
import { requireFreshFactor } from '../../identity/step-up';
import type { AccountService } from '../account';
import type { ExportService } from './export/export.service';

const security = [{ bearerAuth: [] }];

/** SPEC §7 "Settings" (`DELETE /settings/account` lives with the account routes). */
export const settingsRoutes =
  (deps: {
    account: AccountService;
    exports: ExportService;
    auditLog: AuditLogRepository;
    identity: Identity;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'The user’s settings',
          security,
          response: { 200: dataEnvelope(userSettingsSchema) },
        },
      },
      async (request) => ({ data: await deps.account.settings(request.userId) }),
    );

    app.put(
      '/settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'Change some settings (any group, any field)',
          security,
          body: userSettingsPatchSchema,
          response: { 200: dataEnvelope(userSettingsSchema) },
        },
      },
      async (request) => ({ data: await deps.account.updateSettings(request.userId, request.body) }),
    );

    app.post(
      '/settings/password',
      {
        schema: {
          tags: ['settings'],
          summary: 'Change the password; every other session is signed out',
          security,
          body: passwordChangeSchema,
          response: { 200: dataEnvelope(sessionSchema) },
        },
      },
      async (request) => ({
        data: await changePassword(deps.identity, request.userId, request.body, clientOf(request)),
      }),
    );

    app.get(
      '/settings/audit-log',
      {
        schema: {
          tags: ['settings'],
          summary: 'Security events of the account, newest first',
          security,
          querystring: auditLogQuerySchema,
          response: { 200: dataEnvelope(auditLogSchema) },
        },
      },
      async (request) => {
        const { limit, before } = request.query;
        const rows = await deps.auditLog.listForUser(request.userId, limit, before);
        const items = rows.map((r) => ({
          id: r.id,
          event: r.event,
          at: new Date(r.at).toISOString(),
          ip: r.ip,
          userAgent: r.user_agent,
          details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
        }));
        const last = items[items.length - 1];
        return { data: { items, nextCursor: items.length === limit && last ? last.id : null } };
      },
    );

    app.get(
      '/settings/export',
      {
        // Everything a person has, in one file: only after a fresh factor (issue 24 step-up).
        preHandler: requireFreshFactor(deps.identity),
        config: { scope: 'export' },
        schema: {
          tags: ['settings'],
          summary:
            'Download everything: JSON (default), ?format=fhir (R4 Bundle) or ?format=csv (zip of CSVs)',
          security,
          querystring: exportQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await deps.exports.export(request.userId, request.query.format, clientOf(request));
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };

import { z } from 'zod';
import { instantSchema } from './samples';

/**
 * What a personal access token may do. A route of the public API declares the one scope it needs;
 * routes that declare none (identity, settings, tokens themselves, account deletion) take only a
 * browser session.
 */
export const API_TOKEN_SCOPES = [
  'metrics:read',
  'metrics:write',
  'labs:read',
  'clinical:read',
  'insights:read',
  'sources:sync',
  'export',
  'mcp',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);

/** What each scope lets a holder of the token see or do, as Settings explains it. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'metrics:read': 'Read metrics and the summary',
  'metrics:write': 'Add, change and delete measurements',
  'labs:read': 'Read lab results',
  'clinical:read': 'Read clinical records (conditions, medications…)',
  'insights:read': 'Read insights and goals',
  'sources:sync': 'Start a sync of a connected source',
  export: 'Download an export of all data',
  mcp: 'AI assistant (MCP): read your data through the MCP server',
};

/** Personal access tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'hf_pat_';

export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100),
  scopes: z.array(apiTokenScopeSchema).min(1, 'choose at least one scope').max(API_TOKEN_SCOPES.length),
  /** When the token stops working; never when left out. */
  expiresAt: instantSchema.optional(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** `POST /api/tokens`: the token itself is in this answer only. */
export const apiTokenCreatedSchema = z.object({ id: z.string(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** One token as `GET /api/tokens` lists it: never the token or its hash. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** The first characters, so the person can tell tokens apart (`hf_pat_AbC…`). */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

export const apiTokenIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `DELETE /api/tokens/:id`. */
export const apiTokenRevokedSchema = z.object({ id: z.string(), revoked: z.literal(true) });
export type ApiTokenRevoked = z.infer<typeof apiTokenRevokedSchema>;

// The API's routes by `METHOD /path` (SPEC §7), each with the schemas the server validates and answers with:
// one map the web's typed client reads its types from (apps/web/src/lib/api.ts), so a changed schema here
// breaks the web's typecheck where it is used. The server's routes use the same schemas by name.
// Over 300 lines: one map of every route the web calls, with its imports; split, it would be read in pieces.
import { z } from 'zod';
import {
  accountDeletedSchema,
  actionCodeResultSchema,
  auditLogQuerySchema,
  auditLogSchema,
  mailSentSchema,
  signedOutSchema,
} from './account';
import { analyticsConfigSchema } from './analytics';
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenRevokedSchema,
} from './api-tokens';
import {
  caregiverGivenSchema,
  caregiverIdParamsSchema,
  caregiverInviteSchema,
  caregiverListSchema,
  caregiverReceivedSchema,
} from './caregivers';
import { clinicalRecordPageSchema, clinicalRecordsQuerySchema, clinicalSummarySchema } from './clinical';
import { goalInputSchema, goalListSchema, goalSchema } from './goals';
import {
  completeRegistrationSchema,
  loginRequestSchema,
  logoutRequestSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
  sessionSchema,
  signupRequestSchema,
  verificationConfirmSchema,
} from './identity';
import {
  importFormatsSchema,
  importJobSchema,
  importListSchema,
  importUploadQuerySchema,
  reportConfirmSchema,
} from './imports';
import { insightListSchema, insightSchema, insightsQuerySchema } from './insights';
import {
  loginResultSchema,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  passkeyDeletedSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginVerifySchema,
  passkeyNameSchema,
  passkeyRegisterVerifySchema,
  passkeySchema,
  recoveryCodesSchema,
  stepUpRequestSchema,
  stepUpSchema,
  totpConfirmRequestSchema,
  totpEnrollmentSchema,
  totpEnrollRequestSchema,
  webauthnOptionsSchema,
} from './mfa';
import { onboardingStatusSchema } from './onboarding';
import { metricsOverviewQuerySchema, metricsOverviewSchema } from './overview';
import { idParamsSchema, sourceParamsSchema } from './params';
import { profileUpdateSchema, userProfileSchema } from './profile';
import {
  pushStatusSchema,
  pushSubscribedSchema,
  pushSubscriptionInputSchema,
  pushTestResultSchema,
  pushUnsubscribeSchema,
} from './push';
import {
  manualEntrySchema,
  manualEntryUpdateSchema,
  metricPrioritiesQuerySchema,
  metricPrioritiesSchema,
  metricPrioritiesUpdateSchema,
  metricsQuerySchema,
  metricsSeriesSchema,
  metricsSummaryQuerySchema,
  metricsSummarySchema,
  metricsWhyQuerySchema,
  metricsWhySchema,
  sampleDeletedSchema,
  sampleIdParamsSchema,
  sampleItemSchema,
} from './samples';
import { sessionIdParamsSchema, sessionListSchema, sessionsEndedSchema } from './sessions';
import {
  publicShareSchema,
  shareCreatedSchema,
  shareInputSchema,
  shareListSchema,
  shareTokenParamsSchema,
  shlCreatedSchema,
  shlInputSchema,
} from './shares';
import { sleepNightsRequestQuerySchema, sleepNightsSchema } from './sleep-nights';
import {
  connectRequestSchema,
  connectResultSchema,
  dataSourceListSchema,
  disconnectRequestSchema,
  disconnectResultSchema,
  ehrEndpointListSchema,
  ingestStatusSchema,
  integrationListSchema,
  oauthCallbackResultSchema,
  oauthCallbackSchema,
  selfTestResultSchema,
  syncQuerySchema,
  syncStatsSchema,
  syncStatusSchema,
} from './sources';
import {
  healthScoreSchema,
  reportContentSchema,
  reportJobListSchema,
  reportJobSchema,
  reportRequestSchema,
} from './summary-reports';
import { waitlistRequestSchema, waitlistResponseSchema } from './waitlist';
import {
  createdWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookListSchema,
} from './webhooks';
import { workoutDetailSchema, workoutListSchema, workoutsQuerySchema } from './workouts';

/** A 204: no body, so no envelope. */
export const noContentSchema = z.void();
/** A multipart upload: the browser's FormData, checked by the server field by field. */
export const multipartSchema = z.custom<FormData>();

/** One route: what it takes (path parameters, query, body) and the `data` of its success envelope. */
export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const apiContracts = {
  // Identity (DESIGN "Identity") and the account
  'POST /api/identity/login': { body: loginRequestSchema, response: loginResultSchema },
  'POST /api/identity/signup': { body: signupRequestSchema, response: sessionSchema },
  'POST /api/identity/refresh': { body: refreshRequestSchema, response: sessionSchema },
  'POST /api/identity/logout': { body: logoutRequestSchema, response: signedOutSchema },
  'POST /api/identity/password-reset': { body: passwordResetRequestSchema, response: mailSentSchema },
  'POST /api/identity/password-reset/confirm': {
    body: passwordResetConfirmSchema,
    response: actionCodeResultSchema,
  },
  'POST /api/identity/verification/send': { response: mailSentSchema },
  'POST /api/identity/verification/confirm': {
    body: verificationConfirmSchema,
    response: actionCodeResultSchema,
  },
  'GET /api/identity/sessions': { response: sessionListSchema },
  'DELETE /api/identity/sessions/:id': { params: sessionIdParamsSchema, response: sessionsEndedSchema },
  'POST /api/identity/logout-everywhere': { response: sessionsEndedSchema },
  'POST /api/auth/complete-registration': { body: completeRegistrationSchema, response: userProfileSchema },
  'GET /api/auth/me': { response: userProfileSchema },
  'PUT /api/auth/profile': { body: profileUpdateSchema, response: userProfileSchema },
  'DELETE /api/settings/account': { response: accountDeletedSchema },

  // Multi-factor sign-in and passkeys
  'GET /api/identity/mfa': { response: mfaStatusSchema },
  'POST /api/identity/mfa/verify': { body: mfaVerifyRequestSchema, response: sessionSchema },
  'POST /api/identity/mfa/totp/enroll': { body: totpEnrollRequestSchema, response: totpEnrollmentSchema },
  'POST /api/identity/mfa/totp/confirm': { body: totpConfirmRequestSchema, response: recoveryCodesSchema },
  'DELETE /api/identity/mfa/totp': { response: mfaStatusSchema },
  'POST /api/identity/mfa/recovery-codes': { response: recoveryCodesSchema },
  'POST /api/identity/mfa/step-up': { body: stepUpRequestSchema, response: stepUpSchema },
  'POST /api/identity/mfa/step-up/webauthn/options': { response: webauthnOptionsSchema },
  'POST /api/identity/mfa/step-up/webauthn/verify': {
    body: passkeyLoginVerifySchema,
    response: stepUpSchema,
  },
  'POST /api/identity/webauthn/register/options': { response: webauthnOptionsSchema },
  'POST /api/identity/webauthn/register/verify': {
    body: passkeyRegisterVerifySchema,
    response: passkeySchema,
  },
  'GET /api/identity/webauthn/credentials': { response: passkeyListSchema },
  'PATCH /api/identity/webauthn/credentials/:id': {
    params: passkeyIdParamsSchema,
    body: passkeyNameSchema,
    response: passkeySchema,
  },
  'DELETE /api/identity/webauthn/credentials/:id': {
    params: passkeyIdParamsSchema,
    response: passkeyDeletedSchema,
  },
  'POST /api/identity/webauthn/login/options': {
    body: passkeyLoginOptionsSchema,
    response: webauthnOptionsSchema,
  },
  'POST /api/identity/webauthn/login/verify': { body: passkeyLoginVerifySchema, response: sessionSchema },

  // Metrics, sleep, workouts
  'GET /api/metrics': { query: metricsQuerySchema, response: metricsSeriesSchema },
  'GET /api/metrics/summary': { query: metricsSummaryQuerySchema, response: metricsSummarySchema },
  'GET /api/metrics/overview': { query: metricsOverviewQuerySchema, response: metricsOverviewSchema },
  'GET /api/metrics/why': { query: metricsWhyQuerySchema, response: metricsWhySchema },
  'GET /api/metrics/priorities': { query: metricPrioritiesQuerySchema, response: metricPrioritiesSchema },
  'PUT /api/metrics/priorities': { body: metricPrioritiesUpdateSchema, response: metricPrioritiesSchema },
  'POST /api/metrics': { body: manualEntrySchema, response: sampleItemSchema },
  'PUT /api/metrics/:id': {
    params: sampleIdParamsSchema,
    body: manualEntryUpdateSchema,
    response: sampleItemSchema,
  },
  'DELETE /api/metrics/:id': { params: sampleIdParamsSchema, response: sampleDeletedSchema },
  'GET /api/sleep/nights': { query: sleepNightsRequestQuerySchema, response: sleepNightsSchema },
  'GET /api/workouts': { query: workoutsQuerySchema, response: workoutListSchema },
  'GET /api/workouts/:id': { params: sampleIdParamsSchema, response: workoutDetailSchema },

  // Insights and goals
  'GET /api/insights': { query: insightsQuerySchema, response: insightListSchema },
  'POST /api/insights/refresh': { response: insightListSchema },
  'POST /api/insights/:id/dismiss': { params: idParamsSchema, response: insightSchema },
  'GET /api/goals': { response: goalListSchema },
  'POST /api/goals': { body: goalInputSchema, response: goalSchema },
  'PUT /api/goals/:id': { params: idParamsSchema, body: goalInputSchema, response: goalSchema },
  'DELETE /api/goals/:id': { params: idParamsSchema, response: noContentSchema },

  // Clinical records
  'GET /api/clinical-records': { query: clinicalRecordsQuerySchema, response: clinicalRecordPageSchema },
  'GET /api/clinical-records/summary': { response: clinicalSummarySchema },

  // Imports and lab report review
  'GET /api/imports/formats': { response: importFormatsSchema },
  'GET /api/imports': { response: importListSchema },
  'GET /api/imports/:id': { params: idParamsSchema, response: importJobSchema },
  'POST /api/imports': { query: importUploadQuerySchema, body: multipartSchema, response: importJobSchema },
  'POST /api/imports/:id/confirm': {
    params: idParamsSchema,
    body: reportConfirmSchema,
    response: importJobSchema,
  },
  'DELETE /api/imports/:id': { params: idParamsSchema, response: noContentSchema },

  // Sources, integrations and ingest URLs
  'GET /api/data-sources': { response: dataSourceListSchema },
  'POST /api/data-sources/:id/connect': {
    params: idParamsSchema,
    body: connectRequestSchema,
    response: connectResultSchema,
  },
  'POST /api/data-sources/:id/disconnect': {
    params: idParamsSchema,
    body: disconnectRequestSchema,
    response: disconnectResultSchema,
  },
  'POST /api/data-sources/:id/sync': {
    params: idParamsSchema,
    query: syncQuerySchema,
    response: syncStatusSchema,
  },
  'GET /api/data-sources/:id/sync-status': { params: idParamsSchema, response: syncStatusSchema },
  'GET /api/data-sources/:id/sync-stats': { params: idParamsSchema, response: syncStatsSchema },
  'GET /api/integrations': { response: integrationListSchema },
  'POST /api/integrations/:source/self-test': { params: sourceParamsSchema, response: selfTestResultSchema },
  'GET /api/integrations/ehr/endpoints': { response: ehrEndpointListSchema },
  'POST /api/integrations/oauth/callback': { body: oauthCallbackSchema, response: oauthCallbackResultSchema },
  'GET /api/integrations/:source/ingest': { params: sourceParamsSchema, response: ingestStatusSchema },
  'POST /api/integrations/:source/ingest/rotate': {
    params: sourceParamsSchema,
    response: ingestStatusSchema,
  },

  // Summary reports and the health score
  'GET /api/reports': { response: reportJobListSchema },
  'POST /api/reports': { body: reportRequestSchema, response: reportJobSchema },
  'GET /api/reports/:id/content': { params: idParamsSchema, response: reportContentSchema },
  'POST /api/reports/:id/regenerate': { params: idParamsSchema, response: reportJobSchema },
  'DELETE /api/reports/:id': { params: idParamsSchema, response: noContentSchema },
  'GET /api/health-score': { response: healthScoreSchema },

  // Shares, caregivers, API tokens, webhooks, push
  'GET /api/shares': { response: shareListSchema },
  'POST /api/shares': { body: shareInputSchema, response: shareCreatedSchema },
  'DELETE /api/shares/:id': { params: idParamsSchema, response: noContentSchema },
  'POST /api/shares/:id/shl': { params: idParamsSchema, body: shlInputSchema, response: shlCreatedSchema },
  'GET /api/public/shares/:token': { params: shareTokenParamsSchema, response: publicShareSchema },
  'GET /api/caregivers': { response: caregiverListSchema },
  'POST /api/caregivers': { body: caregiverInviteSchema, response: caregiverGivenSchema },
  'POST /api/caregivers/:id/accept': { params: caregiverIdParamsSchema, response: caregiverReceivedSchema },
  'DELETE /api/caregivers/:id': { params: caregiverIdParamsSchema, response: noContentSchema },
  'GET /api/tokens': { response: apiTokenListSchema },
  'POST /api/tokens': { body: apiTokenCreateSchema, response: apiTokenCreatedSchema },
  'DELETE /api/tokens/:id': { params: apiTokenIdParamsSchema, response: apiTokenRevokedSchema },
  'GET /api/webhooks': { response: webhookListSchema },
  'POST /api/webhooks': { body: webhookInputSchema, response: createdWebhookSchema },
  'GET /api/webhooks/:id/deliveries': { params: idParamsSchema, response: webhookDeliveryListSchema },
  'POST /api/webhooks/:id/test': { params: idParamsSchema, response: webhookDeliverySchema },
  'DELETE /api/webhooks/:id': { params: idParamsSchema, response: noContentSchema },
  'GET /api/push': { response: pushStatusSchema },
  'POST /api/push/subscriptions': { body: pushSubscriptionInputSchema, response: pushSubscribedSchema },
  'DELETE /api/push/subscriptions': { body: pushUnsubscribeSchema, response: noContentSchema },
  'POST /api/push/test': { response: pushTestResultSchema },

  // Settings, onboarding, analytics, the waitlist
  'POST /api/settings/password': { body: passwordChangeSchema, response: sessionSchema },
  'GET /api/settings/audit-log': { query: auditLogQuerySchema, response: auditLogSchema },
  'GET /api/onboarding': { response: onboardingStatusSchema },
  'GET /api/analytics': { response: analyticsConfigSchema },
  'POST /api/waitlist': { body: waitlistRequestSchema, response: waitlistResponseSchema },
} as const satisfies Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`, RouteContract>;

export type ApiContracts = typeof apiContracts;
export type ApiRoute = keyof ApiContracts;

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The paths a method has routes for: `ApiPath<'GET'>` is `'/api/goals' | '/api/goals/:id' | …`. */
export type ApiPath<M extends ApiMethod> = {
  [K in ApiRoute]: K extends `${M} ${infer P}` ? P : never;
}[ApiRoute];
type ContractOf<M extends ApiMethod, P extends ApiPath<M>> = ApiContracts[`${M} ${P}` & ApiRoute];
type InputOf<C, K extends keyof RouteContract> = C extends { [key in K]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

/** The `data` a route answers (its envelope's payload; `void` for a 204). */
export type ApiResponse<M extends ApiMethod, P extends ApiPath<M>> = z.output<ContractOf<M, P>['response']>;
/** The body a route takes, as the client sends it; `undefined` for none. */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> = InputOf<ContractOf<M, P>, 'body'>;
/** The query a route takes, as the client sends it; `undefined` for none. */
export type ApiQuery<M extends ApiMethod, P extends ApiPath<M>> = InputOf<ContractOf<M, P>, 'query'>;
/** A path's `:name` parameters: `'/api/goals/:id'` → `{ id: string | number }`. */
export type ApiPathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & ApiPathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

import { z } from 'zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TOKEN_REFRESH_MARGIN_MS } from './defaults';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TOKEN_REFRESH_MARGIN_MS };

export const emailSchema = z.string().trim().toLowerCase().max(320);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH + 1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = loginRequestSchema.extend({
  name: z.string().trim().max(200).optional(),
  invitation: z.string().max(200).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const logoutRequestSchema = z.object({ refreshToken: z.string().max(512).optional() });

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  user: sessionUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({
  code: z.string().min(1).max(512),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH + 1),
});
export const verificationConfirmSchema = z.object({ code: z.string().min(1).max(512) });

export const passwordChangeSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH + 1),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH + 1),
});

export const completeRegistrationSchema = z.object({ name: z.string().trim().min(1).max(200) });

import { z } from 'zod';

export const waitlistRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Enter a valid email address' })),
  name: z.string().trim().max(200).optional(),
});
export type WaitlistRequest = z.infer<typeof waitlistRequestSchema>;

export const waitlistResponseSchema = z.object({ email: z.string(), joinedAt: z.string() });
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

import { z } from 'zod';

/** Wraps a payload schema in the `{"data": …}` success envelope of DESIGN.md. */
export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const errorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

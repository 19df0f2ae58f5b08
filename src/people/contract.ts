import { z } from 'zod';

/** Ids become folder names under db/memory/user_profiles, so they may never contain a path. */
export const UserIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]{0,127}$/, 'must be 1-128 characters of letters, digits, "_", ".", "@", "-"')
  .refine((id) => !id.includes('..'), 'must not contain ".."');

/** The outcome of a forget-me request, verified by looking again after deleting. */
export const ForgetReportSchema = z.object({
  user_id: z.string(),
  /** Nothing failed and nothing about the person was found afterwards. */
  ok: z.boolean(),
  removed: z.array(z.string()),
  remaining: z.array(z.string()),
  failed: z.array(z.object({ store: z.string(), error: z.string() })),
});
export type ForgetReport = z.infer<typeof ForgetReportSchema>;

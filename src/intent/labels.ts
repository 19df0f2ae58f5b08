import { z } from 'zod';

/** The five intents of the dialogue turn, in the order of the model's output. */
export const INTENTS = [
  'first_greeting',
  'update_user_info',
  'end_conversation',
  'language_change',
  'continue_conversation',
] as const;
export const IntentSchema = z.enum(INTENTS);
export type Intent = z.infer<typeof IntentSchema>;

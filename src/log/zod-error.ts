import { z } from 'zod';

/**
 * A zod error as one line: z.prettifyError's text (one "✖ problem → at path" per issue) with its
 * line breaks folded, so that it fits a log field, an error message or a status line. Where a person
 * reads the problems at a terminal (configuration, eval files), z.prettifyError is used as it is.
 */
export function oneLineZodError(error: z.ZodError): string {
  return z.prettifyError(error).replace(/\n\s*/g, ' ');
}

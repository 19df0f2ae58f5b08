import { LlmError } from './port.js';

/** An abort signal that fires on the caller's abort and on the deadlines, each with its LlmError. */
export function deadline(outer: AbortSignal | undefined, limits: { requestMs: number; what: string; firstTokenMs?: number }) {
  const controller = new AbortController();
  const fail = (message: string) => () => controller.abort(new LlmError('timeout', message));
  const whole = setTimeout(fail(limits.what), limits.requestMs);
  const first = limits.firstTokenMs ? setTimeout(fail(`no first token within ${limits.firstTokenMs} ms`), limits.firstTokenMs) : undefined;
  const onAbort = () => controller.abort(new LlmError('aborted', 'request cancelled'));
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    firstToken: () => clearTimeout(first),
    done: () => {
      clearTimeout(first);
      clearTimeout(whole);
      outer?.removeEventListener('abort', onAbort);
      controller.abort(); // ends the backend's stream if the caller stopped iterating early
    },
  };
}

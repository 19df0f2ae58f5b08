import { afterAll, beforeAll, vi } from 'vitest';

/**
 * The files of a project share one worker and its module cache (vitest.config.ts: isolate false), so a file
 * must leave the process as it found it, or the next file's result depends on the order. Fails
 * the file that leaves fake timers on, changes the environment, or adds process listeners
 * (mocks and stubs are undone by the config itself).
 */
// Not signals nor beforeExit: libraries hold those once per process (signal-exit, loaded by
// write-file-atomic while a write is in flight and by proper-lockfile for good; node-llama-cpp's
// runtime, which src/llm/gguf.ts keeps one of per process on purpose).
const EVENTS = ['exit', 'uncaughtException', 'unhandledRejection', 'warning'] as const;
let env: Record<string, string | undefined>;
let listeners: number[];

beforeAll(() => {
  env = { ...process.env };
  listeners = EVENTS.map((e) => process.listenerCount(e));
});

afterAll(() => {
  const leaks: string[] = [];
  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    leaks.push('fake timers still on');
  }
  for (const key of new Set([...Object.keys(env), ...Object.keys(process.env)])) {
    if (process.env[key] !== env[key]) leaks.push(`process.env.${key} changed`);
  }
  EVENTS.forEach((e, i) => {
    if (process.listenerCount(e) > listeners[i]!) leaks.push(`${process.listenerCount(e) - listeners[i]!} '${e}' listener(s) left on process`);
  });
  if (leaks.length > 0) throw new Error(`this file leaves state behind for the next one: ${leaks.join('; ')}`);
});

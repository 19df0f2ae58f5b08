import path from 'node:path';
import { onTestFinished } from 'vitest';
import { OnnxIntentClassifier } from '../../src/intent/index.js';
import { MODELS_DIR } from './config.js';
import { startFakeOllama, type FakeOllama, type FakeOllamaOptions } from './fake-ollama.js';

/**
 * What many test files set up the same way. Not for scripts: this module imports vitest (scripts
 * use fake-ollama.ts directly).
 */

let intent: Promise<OnnxIntentClassifier> | undefined;

/**
 * The committed intent model, loaded once per worker: the files of a project share their worker's
 * module cache (vitest.config.ts), so the files that classify with it share one session instead
 * of each loading its own. Classifying changes nothing in it.
 */
export function intentModel(): Promise<OnnxIntentClassifier> {
  return (intent ??= OnnxIntentClassifier.load(path.join(MODELS_DIR, 'intent')));
}

/** A fake Ollama for the running test, closed when the test ends, passed or failed. Call it inside a test. */
export async function fakeOllamaForTest(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const server = await startFakeOllama(options);
  onTestFinished(() => server.close());
  return server;
}

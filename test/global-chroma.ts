import type { TestProject } from 'vitest/node';
import { startChroma } from './helpers/chroma-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's ChromaDB server: test/helpers/chroma.ts `chromaCollections`. */
    chromaUrl: string;
  }
}

/**
 * One ChromaDB server for the integration project's files that only need one to talk to (each in
 * collections of its own): a server per file cost each of them its start. Files that kill or
 * restart a server start their own.
 *
 * Not waited for here: every global set-up runs before the first test of the run, so the unit
 * files would wait for the server's start too. The integration files wait until it answers
 * (test/helpers/integration-ready.ts); by the time they run, it long has.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chroma = await startChroma(undefined, { ready: false });
  project.provide('chromaUrl', chroma.url);
  return () => chroma.kill();
}

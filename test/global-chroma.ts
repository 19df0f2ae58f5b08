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
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chroma = await startChroma();
  project.provide('chromaUrl', chroma.url);
  return () => chroma.kill();
}

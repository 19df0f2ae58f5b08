import { beforeAll, inject } from 'vitest';
import { chromaReady } from './chroma-process.js';
import { buildReady } from './daemon-process.js';

/**
 * The integration project's run-wide parts start beside the unit files rather than before them
 * (test/global-build.ts, test/global-chroma.ts): each integration file first waits until the build
 * is done and the run's ChromaDB server answers. Both long have by then in a whole run; a run of
 * integration files alone waits a few seconds in its first file. The limit only catches a hang.
 */
beforeAll(() => Promise.all([buildReady(100_000), chromaReady(inject('chromaUrl'), 100_000)]));

import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { ConfigInput } from '../../src/config/index.js';

export { heartbeat, startChroma, waitFor, type ChromaProcess } from './chroma-process.js';

/**
 * The run's ChromaDB server (test/global-chroma.ts, started once for the integration project)
 * for the daemons of a file, each daemon in collections of its own (a prefix nobody else has). A
 * daemon without `chroma.url` starts and stops a server of its own, and a server per file took
 * seconds to start for every file. Only for files that never stop or restart the server: those
 * start their own (`startChroma`). Put what the returned function gives into each daemon's config.
 */
export function chromaCollections(): () => NonNullable<ConfigInput['chroma']> & { url: string; collectionPrefix: string } {
  const file = randomBytes(4).toString('hex');
  let daemons = 0;
  return () => ({ url: inject('chromaUrl'), collectionPrefix: `f${file}d${++daemons}` });
}

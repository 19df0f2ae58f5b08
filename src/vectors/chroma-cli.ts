import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The chromadb package's own CLI (`chroma run`), found through its package.json "bin", so the
 * server is the one that matches the installed client. A module of its own, free of the client:
 * the tests' run-wide set-up starts a server with it without loading the vector store.
 */
export function chromaCliPath(): string {
  // chromadb's "exports" hide its package.json: walk up from its entry point instead.
  let dir = path.dirname(createRequire(import.meta.url).resolve('chromadb'));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const pkgFile = path.join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { name?: string; bin?: Record<string, string> };
  if (pkg.name !== 'chromadb') throw new Error(`cannot find the chromadb package (found ${pkgFile})`);
  const bin = pkg.bin?.chroma;
  if (!bin) throw new Error(`${pkgFile} names no "chroma" executable`);
  return path.resolve(path.dirname(pkgFile), bin);
}

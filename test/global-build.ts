import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { REPO } from './helpers/config.js';
import { BUILD_ENV } from './helpers/daemon-process.js';

/**
 * The integration project's own set-up (vitest.config.ts): the daemons and scripts that its tests
 * spawn run from JavaScript built once here, as `npm start` runs them (tsc without type checks:
 * `npm run typecheck` is CI's own step). Started through tsx's loader, each one spent about 1.5 s
 * more, and a loaded machine doubled it. The build sits inside the repository so that its imports
 * find node_modules, and goes with the run. A run of unit files alone does not wait for it.
 */
export default function setup(): () => Promise<void> {
  mkdirSync(path.join(REPO, 'dist'), { recursive: true });
  const build = mkdtempSync(path.join(REPO, 'dist', 'test-run-'));
  execFileSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(REPO, 'tsconfig.build.json'), '--noCheck', '--outDir', build], { cwd: REPO, stdio: 'inherit' });
  process.env[BUILD_ENV] = build;
  return async () => {
    await rm(build, { recursive: true, force: true });
  };
}

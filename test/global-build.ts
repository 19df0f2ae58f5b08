import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { REPO } from './helpers/config.js';
import { BUILD_ENV, BUILD_FAILED, BUILD_OK } from './helpers/daemon-process.js';

/**
 * The integration project's own set-up (vitest.config.ts): the daemons and scripts that its tests
 * spawn run from JavaScript built once here, as `npm start` runs them (tsc without type checks:
 * `npm run typecheck` is CI's own step). Started through tsx's loader, each one spent about 1.5 s
 * more, and a loaded machine doubled it. The build sits inside the repository so that its imports
 * find node_modules, and goes with the run. A run of unit files alone does not wait for it.
 *
 * The build runs beside the unit files instead of before them (every global set-up ends before the
 * run's first test): it leaves a mark in its folder when it is done, and the integration files
 * wait for that mark (test/helpers/integration-ready.ts).
 */
export default function setup(): () => Promise<void> {
  mkdirSync(path.join(REPO, 'dist'), { recursive: true });
  const build = mkdtempSync(path.join(REPO, 'dist', 'test-run-'));
  const tsc = spawn(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(REPO, 'tsconfig.build.json'), '--noCheck', '--outDir', build], { cwd: REPO });
  let output = '';
  tsc.stdout.on('data', (d) => (output += d));
  tsc.stderr.on('data', (d) => (output += d));
  const done = new Promise<void>((resolve) =>
    tsc.once('close', (code, signal) => {
      if (code === 0) writeFileSync(path.join(build, BUILD_OK), '');
      else writeFileSync(path.join(build, BUILD_FAILED), `tsc ended with ${code ?? signal}\n${output}`);
      resolve();
    }),
  );
  process.env[BUILD_ENV] = build;
  return async () => {
    tsc.kill();
    await done;
    await rm(build, { recursive: true, force: true });
  };
}

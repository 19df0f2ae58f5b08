import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from './chroma-process.js';
import { REPO } from './config.js';

/**
 * How long a spawned daemon may take to say it is online before a test gives up on it: it imports
 * its modules and starts what it supervises (ChromaDB) first. Measured at 28 s with the machine's
 * load at 18 (two test files at once and other work beside them); a daemon that hangs still fails.
 */
export const SPAWNED_ONLINE_MS = 90_000;

export interface DaemonProcess {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** The environment variable naming the folder test/global-build.ts built the repository into. */
export const BUILD_ENV = 'BRAIN_TEST_BUILD'; // not NADINE_: the daemon refuses settings it does not know
/** The marks test/global-build.ts leaves in that folder when its build is done: built, or failed (with tsc's output). */
export const BUILD_OK = '.built';
export const BUILD_FAILED = '.failed';

/** Waits until the run's build is done (test/global-build.ts builds it beside the unit files); fails with tsc's output if it failed. */
export async function buildReady(timeoutMs: number): Promise<void> {
  const build = buildDir();
  await waitFor(() => existsSync(path.join(build, BUILD_OK)) || existsSync(path.join(build, BUILD_FAILED)), timeoutMs, `the run's build in ${build}`);
  if (existsSync(path.join(build, BUILD_FAILED))) throw new Error(`the run's build failed: ${readFileSync(path.join(build, BUILD_FAILED), 'utf8')}`);
}

function buildDir(): string {
  const build = process.env[BUILD_ENV];
  if (!build) throw new Error(`${BUILD_ENV} is not set: spawned daemons run from the build test/global-build.ts makes (run the tests with vitest)`);
  return build;
}

/**
 * The real daemon as its own process (`node src/main.js` of the run's build), configured by the environment (on top
 * of this process's, which carries vitest's test settings). Its output is ignored: tests watch the
 * bus and the data folder.
 */
export function spawnDaemon(env: Record<string, string>, args: string[] = []): DaemonProcess {
  const child = spawn(process.execPath, built('src/main.ts', args), {
    cwd: REPO,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** What a finished run of a command printed, and how it ended. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the repository's TypeScript entry points as its own process (from the run's build), as
 * `npm start` or an npm script would, until it exits: `src/main.ts` (the command line) or a
 * script under scripts/. `input` is written to its standard input, which is then closed.
 */
export function runTsx(script: string, args: string[] = [], options: { env?: Record<string, string>; input?: string } = {}): Promise<CommandRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, built(script, args), { cwd: REPO, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** The node arguments that run a TypeScript entry point: its JavaScript in the run's build. */
export function built(script: string, args: string[] = []): string[] {
  return [path.join(buildDir(), script.replace(/\.ts$/, '.js')), ...args];
}

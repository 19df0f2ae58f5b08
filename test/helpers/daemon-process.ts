import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO } from './config.js';

export interface DaemonProcess {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * The real daemon as its own process (`tsx src/main.ts`), configured by the environment (on top
 * of this process's, which carries vitest's test settings). Its output is ignored: tests watch the
 * bus and the data folder.
 */
export function spawnDaemon(env: Record<string, string>, args: string[] = []): DaemonProcess {
  const child = spawn(process.execPath, tsx('src/main.ts', args), {
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
 * Runs one of the repository's TypeScript entry points as its own process (`tsx <script>`), as
 * `npm start` or an npm script would, until it exits: `src/main.ts` (the command line) or a
 * script under scripts/. `input` is written to its standard input, which is then closed.
 */
export function runTsx(script: string, args: string[] = [], options: { env?: Record<string, string>; input?: string } = {}): Promise<CommandRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, tsx(script, args), { cwd: REPO, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const tsx = (script: string, args: string[]) => ['--import', 'tsx', path.join(REPO, script), ...args];

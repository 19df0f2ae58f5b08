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
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'src/main.ts'), ...args], {
    cwd: REPO,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Beside the server's data: which process serves it, so a later daemon can find a leftover. */
export const PIDFILE = 'nadine-chroma.pid';

const PidfileSchema = z.object({ pid: z.number().int().positive(), dataDir: z.string() });

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Only a process that is visibly our server for this data folder is ever killed. */
function isOurServer(pid: number, dataDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.includes(dataDir) && cmdline.some((arg) => arg.includes('chroma'));
  } catch {
    return false; // no /proc (not Linux) or already gone: leave it alone
  }
}

/**
 * The watchdog ends the server when the daemon dies, but a server started by an older version
 * or a watchdog killed along with the daemon could survive and hold the port and the data.
 * Returns the pid that was stopped, if any.
 */
export async function killStale(dataDir: string): Promise<number | null> {
  const file = path.join(dataDir, PIDFILE);
  let pid: number;
  try {
    const parsed = PidfileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.dataDir !== dataDir) return null;
    pid = parsed.pid;
  } catch {
    return null;
  } finally {
    rmSync(file, { force: true });
  }
  if (pid === process.pid || !isAlive(pid) || !isOurServer(pid, dataDir)) return null;
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return pid;
}

import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** The interaction log files (under <dir>/<day>/) that have a line about the person. */
export async function logsMentioning(dir: string, userId: string): Promise<string[]> {
  const needle = `"user_id":${JSON.stringify(userId)}`;
  const found: string[] = [];
  const days = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const day of days.filter((d) => d.isDirectory())) {
    for (const name of await readdir(path.join(dir, day.name)).catch(() => [] as string[])) {
      const file = path.join(dir, day.name, name);
      if ((await readFile(file, 'utf8').catch(() => '')).includes(needle)) found.push(file);
    }
  }
  return found;
}

/** Forget-me in the interaction logs: every session log with a line about the person goes. */
export async function forgetInLogs(dir: string, userId: string): Promise<string[]> {
  const files = await logsMentioning(dir, userId);
  for (const file of files) await rm(file, { force: true });
  return files.map((file) => `interaction log ${path.relative(dir, file)}`);
}
